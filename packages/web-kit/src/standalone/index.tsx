import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
// By package name, not relative paths: in a remote's build these must be the shared web-kit instance the
// pages use (one auth context, one toast store).
import { AuthProvider, Toaster } from '@dealflow/web-kit';
import { QueryProvider } from '@dealflow/web-kit/query';

/**
 * A remote's standalone view (`npx serve dist`, or the gateway's `/remotes/<name>/`): its `<Route>`s under
 * the providers the shell normally gives (Fluent theme, query client, auth, router, toasts). The shell never
 * loads this entry; it lives apart from web-kit's main one so nothing of it reaches the shared bundle.
 */
export function mountStandalone(routes: ReactNode): void {
  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <AuthProvider>
          <QueryProvider>
            <BrowserRouter>
              <Routes>{routes}</Routes>
            </BrowserRouter>
          </QueryProvider>
          <Toaster />
        </AuthProvider>
      </FluentProvider>
    </StrictMode>,
  );
}

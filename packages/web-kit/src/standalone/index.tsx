import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
// By package name, not relative paths: in a remote's build these must be the shared web-kit instance the
// pages use (one auth context, one toast store).
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';

/**
 * A remote's standalone view (`npx serve dist`, or the gateway's `/remotes/<name>/`): its `<Route>`s under
 * the providers the shell normally gives (Fluent theme, query client, auth, router, toasts). The shell never
 * loads this entry; it lives apart from web-kit's main one so nothing of it reaches the shared bundle.
 */
export function mountStandalone(routes: ReactNode): void {
  const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <BrowserRouter>
              <Routes>{routes}</Routes>
            </BrowserRouter>
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </FluentProvider>
    </StrictMode>,
  );
}

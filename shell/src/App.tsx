import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, type PartialTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';
import { AppRoutes } from './routing/AppRoutes';

// webLightTheme's variables are set on :root by theme/web-light-theme.css (index.ts), so the provider gets no
// theme object: the same contexts and classes without ~6 KB gzip of theme in every first load. Every remote
// and portal is inside :root, so they all see the variables.
const THEME_FROM_CSS: PartialTheme = {};

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <FluentProvider theme={THEME_FROM_CSS} style={{ minHeight: '100vh', backgroundColor: 'transparent' }}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}


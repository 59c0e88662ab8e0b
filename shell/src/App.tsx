import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';
import { AppRoutes } from './routing/AppRoutes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh', backgroundColor: 'transparent' }}>
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


// Standalone view of the remote with the providers the shell normally gives. The shell never loads it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';
import BillingPage from './pages/BillingPage.js';
import CheckoutResultPage from './pages/CheckoutResultPage.js';
import AccessPanel from './pages/AccessPanel.js';

const queryClient = createQueryClient();
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/checkout/*" element={<CheckoutResultPage />} />
              <Route path="/dashboard" element={<AccessPanel />} />
              <Route path="*" element={<BillingPage />} />
            </Routes>
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </FluentProvider>
  </StrictMode>,
);

// Standalone view of the remote with the providers the shell normally gives. The shell never loads it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';
import DashboardPage from './pages/DashboardPage.js';
import ProcessedEmailsPage from './pages/ProcessedEmailsPage.js';
import MailboxIntegrationPage from './pages/MailboxIntegrationPage.js';
import AccountingIntegrationPage from './pages/AccountingIntegrationPage.js';

const queryClient = createQueryClient();
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/processed-emails" element={<ProcessedEmailsPage />} />
              <Route path="/integration-1" element={<MailboxIntegrationPage />} />
              <Route path="/gmail-connection" element={<MailboxIntegrationPage />} />
              <Route path="/integration-2" element={<AccountingIntegrationPage />} />
              <Route path="/xero-connection" element={<AccountingIntegrationPage />} />
              <Route path="*" element={<DashboardPage />} />
            </Routes>
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </FluentProvider>
  </StrictMode>,
);

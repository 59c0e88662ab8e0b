// Standalone view of the remote with the providers the shell normally gives. The shell never loads it.
import { Route } from 'react-router-dom';
import { mountStandalone } from '@dealflow/web-kit/standalone';
import DashboardPage from './pages/DashboardPage.js';
import ProcessedEmailsPage from './pages/ProcessedEmailsPage.js';
import MailboxIntegrationPage from './pages/MailboxIntegrationPage.js';
import AccountingIntegrationPage from './pages/AccountingIntegrationPage.js';

mountStandalone(
  <>
    <Route path="/processed-emails" element={<ProcessedEmailsPage />} />
    <Route path="/integration-1" element={<MailboxIntegrationPage />} />
    <Route path="/gmail-connection" element={<MailboxIntegrationPage />} />
    <Route path="/integration-2" element={<AccountingIntegrationPage />} />
    <Route path="/xero-connection" element={<AccountingIntegrationPage />} />
    <Route path="*" element={<DashboardPage />} />
  </>,
);

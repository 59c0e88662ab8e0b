import { createMfConfig } from '@dealflow/web-build';

export default createMfConfig({
  name: 'mfe_records',
  dirname: import.meta.dirname,
  exposes: {
    './DashboardPage': './src/pages/DashboardPage.tsx',
    './ProcessedEmailsPage': './src/pages/ProcessedEmailsPage.tsx',
    './MailboxIntegrationPage': './src/pages/MailboxIntegrationPage.tsx',
    './AccountingIntegrationPage': './src/pages/AccountingIntegrationPage.tsx',
  },
});

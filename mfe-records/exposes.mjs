// The modules this remote exposes. The shell and the other remotes load them as 'mfe_records/<name>'; the typed
// union of those ids (web-kit's TRemoteId) is generated from this map: `npm run remote-ids -w @dealflow/web-build`.
export const name = 'mfe_records';

export const exposes = {
  './DashboardPage': './src/pages/DashboardPage.tsx',
  './ProcessedEmailsPage': './src/pages/ProcessedEmailsPage.tsx',
  './MailboxIntegrationPage': './src/pages/MailboxIntegrationPage.tsx',
  './AccountingIntegrationPage': './src/pages/AccountingIntegrationPage.tsx',
  './AnalyticsPage': './src/pages/AnalyticsPage.tsx',
  './RecordPage': './src/pages/RecordPage.tsx',
  './DealsPage': './src/pages/DealsPage.tsx',
};

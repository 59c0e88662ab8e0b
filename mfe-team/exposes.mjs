// The modules this remote exposes. The shell and the other remotes load them as 'mfe_team/<name>'; the typed
// union of those ids (web-kit's TRemoteId) is generated from this map: `npm run remote-ids -w @dealflow/web-build`.
export const name = 'mfe_team';

export const exposes = {
  './TeamMembersPage': './src/pages/TeamMembersPage.tsx',
  './SettingsPage': './src/pages/SettingsPage.tsx',
  './ActivityPage': './src/pages/ActivityPage.tsx',
  './TwoFactorEnrolmentPage': './src/pages/TwoFactorEnrolmentPage.tsx',
  './SupportPage': './src/pages/SupportPage.tsx',
};

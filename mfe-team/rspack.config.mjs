import { createMfConfig } from '@dealflow/web-build';

export default createMfConfig({
  name: 'mfe_team',
  dirname: import.meta.dirname,
  exposes: {
    './TeamMembersPage': './src/pages/TeamMembersPage.tsx',
    './SettingsPage': './src/pages/SettingsPage.tsx',
  },
});

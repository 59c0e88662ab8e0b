// Standalone view of the remote with the providers the shell normally gives. The shell never loads it.
import { Route } from 'react-router-dom';
import { mountStandalone } from '@dealflow/web-kit/standalone';
import TeamMembersPage from './pages/TeamMembersPage.js';
import SettingsPage from './pages/SettingsPage.js';
import ActivityPage from './pages/ActivityPage.js';

mountStandalone(
  <>
    <Route path="/settings" element={<SettingsPage />} />
    <Route path="/activity" element={<ActivityPage />} />
    <Route path="*" element={<TeamMembersPage />} />
  </>,
);

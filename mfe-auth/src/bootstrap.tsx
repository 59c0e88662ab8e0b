// Standalone view of the remote (npx serve dist, or the gateway's /remotes/mfe-auth/): every page on its
// route, with the providers the shell normally gives. The shell never loads this file.
import { Route } from 'react-router-dom';
import { mountStandalone } from '@dealflow/web-kit/standalone';
import LoginPage from './pages/LoginPage.js';
import GoogleCallbackPage from './pages/GoogleCallbackPage.js';
import CompleteProfilePage from './pages/CompleteProfilePage.js';
import AcceptInvitationPage from './pages/AcceptInvitationPage.js';
import OrganizationSetupPage from './pages/OrganizationSetupPage.js';
import PaymentReturnPage from './pages/PaymentReturnPage.js';
import ForgotPasswordPage from './pages/ForgotPasswordPage.js';
import ResetPasswordPage from './pages/ResetPasswordPage.js';
import UnsubscribePage from './pages/UnsubscribePage.js';

mountStandalone(
  <>
    <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
    <Route path="/auth/complete-profile" element={<CompleteProfilePage />} />
    <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
    <Route path="/organization-setup" element={<OrganizationSetupPage />} />
    <Route path="/checkout/*" element={<PaymentReturnPage />} />
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/unsubscribe" element={<UnsubscribePage />} />
    <Route path="*" element={<LoginPage />} />
  </>,
);

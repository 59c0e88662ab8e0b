// The modules this remote exposes. The shell and the other remotes load them as 'mfe_auth/<name>'; the typed
// union of those ids (web-kit's TRemoteId) is generated from this map: `npm run remote-ids -w @dealflow/web-build`.
export const name = 'mfe_auth';

export const exposes = {
  './LoginPage': './src/pages/LoginPage.tsx',
  './GoogleCallbackPage': './src/pages/GoogleCallbackPage.tsx',
  './CompleteProfilePage': './src/pages/CompleteProfilePage.tsx',
  './AcceptInvitationPage': './src/pages/AcceptInvitationPage.tsx',
  './OrganizationSetupPage': './src/pages/OrganizationSetupPage.tsx',
  './PaymentReturnPage': './src/pages/PaymentReturnPage.tsx',
  './ForgotPasswordPage': './src/pages/ForgotPasswordPage.tsx',
  './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
  './VerifyEmailPage': './src/pages/VerifyEmailPage.tsx',
  './UnsubscribePage': './src/pages/UnsubscribePage.tsx',
};

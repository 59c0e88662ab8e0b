import { createMfConfig } from '@dealflow/web-build';

export default createMfConfig({
  name: 'mfe_auth',
  dirname: import.meta.dirname,
  exposes: {
    './LoginPage': './src/pages/LoginPage.tsx',
    './GoogleCallbackPage': './src/pages/GoogleCallbackPage.tsx',
    './CompleteProfilePage': './src/pages/CompleteProfilePage.tsx',
    './AcceptInvitationPage': './src/pages/AcceptInvitationPage.tsx',
    './OrganizationSetupPage': './src/pages/OrganizationSetupPage.tsx',
    './PaymentReturnPage': './src/pages/PaymentReturnPage.tsx',
    './ForgotPasswordPage': './src/pages/ForgotPasswordPage.tsx',
    './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
  },
});

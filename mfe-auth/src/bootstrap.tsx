// Standalone view of the remote (npx serve dist, or the gateway's /remotes/mfe-auth/): every page on its
// route, with the providers the shell normally gives. The shell never loads this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster, createQueryClient } from '@dealflow/web-kit';
import LoginPage from './pages/LoginPage.js';
import GoogleCallbackPage from './pages/GoogleCallbackPage.js';
import CompleteProfilePage from './pages/CompleteProfilePage.js';
import AcceptInvitationPage from './pages/AcceptInvitationPage.js';
import OrganizationSetupPage from './pages/OrganizationSetupPage.js';
import PaymentReturnPage from './pages/PaymentReturnPage.js';
import ForgotPasswordPage from './pages/ForgotPasswordPage.js';
import ResetPasswordPage from './pages/ResetPasswordPage.js';

const queryClient = createQueryClient();
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
              <Route path="/auth/complete-profile" element={<CompleteProfilePage />} />
              <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
              <Route path="/organization-setup" element={<OrganizationSetupPage />} />
              <Route path="/checkout/*" element={<PaymentReturnPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="*" element={<LoginPage />} />
            </Routes>
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </FluentProvider>
  </StrictMode>,
);

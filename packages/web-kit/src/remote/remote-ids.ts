// Generated from mfe-*/exposes.mjs by `npm run remote-ids -w @dealflow/web-build`: do not edit.
/** A module exposed by a remote: '<remote>/<exposed module>', as <RemoteComponent id> takes it. */
export type TRemoteId =
  | 'mfe_auth/LoginPage'
  | 'mfe_auth/GoogleCallbackPage'
  | 'mfe_auth/CompleteProfilePage'
  | 'mfe_auth/AcceptInvitationPage'
  | 'mfe_auth/OrganizationSetupPage'
  | 'mfe_auth/PaymentReturnPage'
  | 'mfe_auth/ForgotPasswordPage'
  | 'mfe_auth/ResetPasswordPage'
  | 'mfe_team/TeamMembersPage'
  | 'mfe_team/SettingsPage'
  | 'mfe_billing/BillingPage'
  | 'mfe_billing/CheckoutResultPage'
  | 'mfe_billing/PurchaseButton'
  | 'mfe_billing/AccessPanel'
  | 'mfe_records/DashboardPage'
  | 'mfe_records/ProcessedEmailsPage'
  | 'mfe_records/MailboxIntegrationPage'
  | 'mfe_records/AccountingIntegrationPage';

// Every route of seed 000 section 2 and seed 001 section 2, with the remote module (docs/CONVENTIONS.md)
// or shell page that renders it. Pure data: the router, the layout's page titles and the tests read it.

import type { TRemoteId } from '@dealflow/web-kit';

export type TRouteAccess = 'public' | 'public-only' | 'open' | 'protected';

export interface TRemoteRoute {
  path: string;
  access: TRouteAccess;
  /** '<remote>/<exposed module>' loaded with <RemoteComponent> (generated from the remotes' exposes maps). */
  remote: TRemoteId;
  title: string;
}

export const remoteRoutes: TRemoteRoute[] = [
  { path: '/login', access: 'public-only', remote: 'mfe_auth/LoginPage', title: 'Sign in' },
  {
    path: '/forgot-password',
    access: 'public-only',
    remote: 'mfe_auth/ForgotPasswordPage',
    title: 'Forgot password',
  },
  { path: '/reset-password', access: 'open', remote: 'mfe_auth/ResetPasswordPage', title: 'Reset password' },
  { path: '/verify-email', access: 'open', remote: 'mfe_auth/VerifyEmailPage', title: 'Verify email' },
  { path: '/unsubscribe', access: 'open', remote: 'mfe_auth/UnsubscribePage', title: 'Unsubscribe' },
  {
    path: '/auth/google/callback',
    access: 'open',
    remote: 'mfe_auth/GoogleCallbackPage',
    title: 'Signing you in',
  },
  {
    path: '/auth/complete-profile',
    access: 'open',
    remote: 'mfe_auth/CompleteProfilePage',
    title: 'Complete your profile',
  },
  {
    path: '/accept-invitation',
    access: 'open',
    remote: 'mfe_auth/AcceptInvitationPage',
    title: 'Accept invitation',
  },
  {
    path: '/organization-setup',
    access: 'open',
    remote: 'mfe_auth/OrganizationSetupPage',
    title: 'Organization setup',
  },
  {
    path: '/payment-return',
    access: 'open',
    remote: 'mfe_auth/PaymentReturnPage',
    title: 'Processing Your Payment',
  },
  // The template licence's pages (issue 20): open, like the Terms of Service; the downloads need the licence.
  {
    path: '/licence/terms',
    access: 'open',
    remote: 'mfe_billing/LicencePages',
    title: 'Standard License terms',
  },
  {
    path: '/licence/guide',
    access: 'open',
    remote: 'mfe_billing/LicencePages',
    title: 'Getting started with the template',
  },
  { path: '/checkout/success', access: 'open', remote: 'mfe_billing/CheckoutResultPage', title: 'Checkout' },
  { path: '/checkout/complete', access: 'open', remote: 'mfe_billing/CheckoutResultPage', title: 'Checkout' },
  {
    path: '/dashboard/checkout',
    access: 'open',
    remote: 'mfe_billing/CheckoutResultPage',
    title: 'Checkout',
  },
  { path: '/dashboard', access: 'protected', remote: 'mfe_records/DashboardPage', title: 'Dashboard' },
  {
    path: '/processed-emails',
    access: 'protected',
    remote: 'mfe_records/ProcessedEmailsPage',
    title: 'Processed Records',
  },
  {
    path: '/integration-1',
    access: 'protected',
    remote: 'mfe_records/MailboxIntegrationPage',
    title: 'Integration 1',
  },
  {
    path: '/gmail-connection',
    access: 'protected',
    remote: 'mfe_records/MailboxIntegrationPage',
    title: 'Integration 1',
  },
  {
    path: '/integration-2',
    access: 'protected',
    remote: 'mfe_records/AccountingIntegrationPage',
    title: 'Integration 2',
  },
  {
    path: '/xero-connection',
    access: 'protected',
    remote: 'mfe_records/AccountingIntegrationPage',
    title: 'Integration 2',
  },
  { path: '/analytics', access: 'protected', remote: 'mfe_records/AnalyticsPage', title: 'Analytics' },
  // A record's page (issue 23): its deck, evidence, email, downloads and the company's history.
  { path: '/records/:id', access: 'protected', remote: 'mfe_records/RecordPage', title: 'Record' },
  // The pipeline (issue 23): board and table of the built-in CRM's deals, a deal's panel (?deal=<id>).
  { path: '/deals', access: 'protected', remote: 'mfe_records/DealsPage', title: 'Deals' },
  { path: '/team-members', access: 'protected', remote: 'mfe_team/TeamMembersPage', title: 'Team Members' },
  { path: '/settings', access: 'protected', remote: 'mfe_team/SettingsPage', title: 'Settings' },
  { path: '/activity', access: 'protected', remote: 'mfe_team/ActivityPage', title: 'Activity' },
  // The header's Help menu: the support form (Pro's priority support) and the organization's requests.
  { path: '/support', access: 'protected', remote: 'mfe_team/SupportPage', title: 'Contact support' },
  {
    path: '/billing',
    access: 'protected',
    remote: 'mfe_billing/BillingPage',
    title: 'Billing and Subscription',
  },
];

/** Shell-owned pages and their titles. */
export const shellTitles: Record<string, string> = {
  '/': 'Dealflow',
  '/register': 'Dealflow',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/toast-test': 'Toast Test',
};

export const NOT_FOUND_TITLE = 'Page Not Found';

/** The title shown in the top header (and the document title) for a path. */
/** Whether a path with parameters (`/records/:id`) matches a concrete path. */
const matchesPattern = (pattern: string, path: string) =>
  pattern.includes(':') && new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path);

export function getPageTitle(pathname: string): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    remoteRoutes.find((r) => r.path === clean || matchesPattern(r.path, clean))?.title ??
    shellTitles[clean] ??
    NOT_FOUND_TITLE
  );
}

import { describe, expect, it } from 'vitest';
import { getPageTitle, remoteRoutes } from './route-table';

describe('route table', () => {
  it('maps every exposed page module of docs/CONVENTIONS.md that is a page to a route', () => {
    const modules = new Set<string>(remoteRoutes.map((r) => r.remote));
    for (const id of [
      'mfe_auth/LoginPage',
      'mfe_auth/GoogleCallbackPage',
      'mfe_auth/CompleteProfilePage',
      'mfe_auth/AcceptInvitationPage',
      'mfe_auth/OrganizationSetupPage',
      'mfe_auth/PaymentReturnPage',
      'mfe_auth/ForgotPasswordPage',
      'mfe_auth/ResetPasswordPage',
      'mfe_auth/UnsubscribePage',
      'mfe_team/TeamMembersPage',
      'mfe_team/SettingsPage',
      'mfe_billing/BillingPage',
      'mfe_billing/CheckoutResultPage',
      'mfe_billing/LicencePages',
      'mfe_records/DashboardPage',
      'mfe_records/ProcessedEmailsPage',
      'mfe_records/MailboxIntegrationPage',
      'mfe_records/AccountingIntegrationPage',
      'mfe_records/AnalyticsPage',
      'mfe_records/DealsPage',
    ]) {
      expect(modules.has(id), id).toBe(true);
    }
  });

  it('protects exactly the signed-in routes of the seeds', () => {
    const protectedPaths = remoteRoutes
      .filter((r) => r.access === 'protected')
      .map((r) => r.path)
      .sort();
    expect(protectedPaths).toEqual(
      [
        '/activity',
        '/analytics',
        '/billing',
        '/dashboard',
        // issue 23: the pipeline
        '/deals',
        '/gmail-connection',
        '/integration-1',
        '/integration-2',
        '/processed-emails',
        // issue 23: a record's page
        '/records/:id',
        '/settings',
        // issue 20: the Help menu's support form (Pro's priority support)
        '/support',
        '/team-members',
        '/xero-connection',
      ].sort(),
    );
    expect(remoteRoutes.find((r) => r.path === '/login')?.access).toBe('public-only');
  });

  it('serves the same screen on the alias routes and all checkout-result paths', () => {
    const remoteOf = (path: string) => remoteRoutes.find((r) => r.path === path)?.remote;
    expect(remoteOf('/gmail-connection')).toBe(remoteOf('/integration-1'));
    expect(remoteOf('/xero-connection')).toBe(remoteOf('/integration-2'));
    expect(new Set(['/checkout/success', '/checkout/complete', '/dashboard/checkout'].map(remoteOf))).toEqual(
      new Set(['mfe_billing/CheckoutResultPage']),
    );
  });

  it('gives each page its title for the top header', () => {
    expect(getPageTitle('/processed-emails')).toBe('Processed Records');
    expect(getPageTitle('/team-members/')).toBe('Team Members');
    expect(getPageTitle('/terms')).toBe('Terms of Service');
    expect(getPageTitle('/no-such-page')).toBe('Page Not Found');
    expect(getPageTitle('/records/42')).toBe('Record');
    expect(getPageTitle('/records/42/more')).toBe('Page Not Found');
  });
});

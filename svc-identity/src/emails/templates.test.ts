import { describe, expect, it } from 'vitest';
import {
  renderInvitationEmail,
  renderPasswordResetEmail,
  renderWelcomeEmail,
  withSupportFooter,
} from './templates.js';

describe('email templates', () => {
  it('invitation: link, inviter, organization and role in both bodies; HTML escaped', () => {
    const mail = renderInvitationEmail({
      inviterName: 'Ada <script>',
      organizationName: 'Acme & Co',
      role: 'owner',
      link: 'http://localhost:3000/accept-invitation?token=abc',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    expect(mail.subject).toBe('Ada <script> invited you to join Acme & Co');
    expect(mail.text).toContain('http://localhost:3000/accept-invitation?token=abc');
    expect(mail.text).toContain('as Owner');
    expect(mail.html).toContain('Acme &amp; Co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="http://localhost:3000/accept-invitation?token=abc"');
  });

  it('password reset and welcome carry their links', () => {
    expect(renderPasswordResetEmail({ name: 'Ada', link: 'http://x/reset-password?token=t' }).text).toContain(
      'http://x/reset-password?token=t',
    );
    expect(renderPasswordResetEmail({ name: 'Ada', link: 'http://x' }).text).toContain('1 hour');
    expect(
      renderWelcomeEmail({ name: 'Ada', organizationName: 'Acme', dashboardUrl: 'http://x/dashboard' }).html,
    ).toContain('http://x/dashboard');
  });

  it('the support footer closes both bodies, inside the HTML layout, escaped', () => {
    const content = withSupportFooter(
      renderPasswordResetEmail({ name: 'Ada', link: 'http://localhost:3000/reset-password?token=t' }),
      'help+<x>@dealflow.test',
    );
    expect(content.text.trimEnd().endsWith('Questions? Write to us at help+<x>@dealflow.test.')).toBe(true);
    expect(content.html).toContain('mailto:help+&lt;x&gt;@dealflow.test');
    expect(content.html.indexOf('Questions?')).toBeLessThan(content.html.indexOf('</table>'));
    expect(content.subject).toBe('Reset your password');
  });
});

describe('money in the billing emails', () => {
  it('reads the amount in the currency’s own minor unit (not always cents)', async () => {
    const { renderPaymentFailedEmail, renderTrialEndingEmail } = await import('./billing-templates.js');
    const base = { name: 'Ada', organizationName: 'Acme', billingUrl: 'http://x/billing' };
    expect(
      renderPaymentFailedEmail({ ...base, amountDue: 1200, currency: 'jpy', invoiceNumber: null }).text,
    ).toContain('could not charge ¥1,200 to the card');
    expect(
      renderTrialEndingEmail({
        ...base,
        planLabel: 'Pro',
        trialEndsAt: '2030-01-01T00:00:00Z',
        amountDue: 12345,
        currency: 'kwd',
        billingUrl: 'http://x/billing',
      }).text,
    ).toContain('charged KWD\u00a012.345');
    expect(
      renderPaymentFailedEmail({ ...base, amountDue: 5000, currency: 'usd', invoiceNumber: null }).text,
    ).toContain('could not charge $50.00 to the card');
  });
});

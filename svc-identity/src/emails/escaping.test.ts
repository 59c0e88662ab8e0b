import { describe, expect, it } from 'vitest';
import {
  renderConfirmNewEmail,
  renderEmailChanged,
  renderEmailChangeRequested,
  renderVerifyEmail,
} from './account-templates.js';
import { renderPaymentFailedEmail, renderTrialEndingEmail } from './billing-templates.js';
import { renderClaimPurchaseEmail, renderSetPasswordEmail } from './buyer-templates.js';
import { renderForwardingConfirmationEmail } from './forwarding-templates.js';
import { renderLicenceReceiptEmail } from './licence-templates.js';
import {
  renderDealCreatedEmail,
  renderDeckReceivedEmail,
  renderRecordFailedEmail,
  renderWeeklyDigestEmail,
} from './notification-templates.js';
import {
  renderInvitationEmail,
  renderPasswordResetEmail,
  renderSignInThrottledEmail,
  renderWelcomeEmail,
  withSupportFooter,
  type TEmailContent,
} from './templates.js';
import { renderTwoFactorNoticeEmail, renderTwoFactorThrottledEmail } from './two-factor-templates.js';

// Every email, with a hostile name (and every other user-given value) in it: its HTML body carries the value
// escaped, never as markup; its text body carries it as typed.
const EVIL = '<script>alert("x")</script>';
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';
const link = 'http://localhost:3000/x?a=1&b="2"';
const links = { page: link, oneClick: link };

const emails: Record<string, () => TEmailContent> = {
  invitation: () =>
    renderInvitationEmail({
      inviterName: EVIL,
      organizationName: EVIL,
      role: 'member',
      link,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    }),
  passwordReset: () => renderPasswordResetEmail({ name: EVIL, link }),
  welcome: () => renderWelcomeEmail({ name: EVIL, dashboardUrl: link, organizationName: EVIL }),
  signInThrottled: () =>
    renderSignInThrottledEmail({ name: EVIL, ip: EVIL, scope: 'account', minutes: 15, resetUrl: link }),
  twoFactorThrottled: () =>
    renderTwoFactorThrottledEmail({ name: EVIL, ip: EVIL, scope: 'account-ip', minutes: 15, resetUrl: link }),
  twoFactorNotice: () =>
    renderTwoFactorNoticeEmail({ name: EVIL, event: 'disabled', ip: EVIL, settingsUrl: link }),
  verify: () => renderVerifyEmail({ name: EVIL, link }),
  confirmNew: () => renderConfirmNewEmail({ name: EVIL, link, newEmail: EVIL }),
  changeRequested: () => renderEmailChangeRequested({ name: EVIL, newEmail: EVIL, supportEmail: EVIL }),
  changed: () => renderEmailChanged({ name: EVIL, newEmail: EVIL, supportEmail: EVIL }),
  trialEnding: () =>
    renderTrialEndingEmail({
      name: EVIL,
      organizationName: EVIL,
      planLabel: EVIL,
      trialEndsAt: '2030-01-01T00:00:00Z',
      amountDue: 1200,
      currency: 'usd',
      billingUrl: link,
    }),
  paymentFailed: () =>
    renderPaymentFailedEmail({
      name: EVIL,
      organizationName: EVIL,
      amountDue: 1200,
      currency: 'usd',
      invoiceNumber: EVIL,
      billingUrl: link,
    }),
  licenceReceipt: () =>
    renderLicenceReceiptEmail({
      name: EVIL,
      amountTotal: 5000,
      currency: 'usd',
      purchaseId: EVIL,
      licenceKey: EVIL,
      updatesUntil: '2030-01-01T00:00:00Z',
      dashboardUrl: link,
      termsUrl: link,
    }),
  setPassword: () => renderSetPasswordEmail({ name: EVIL, link, purchase: 'licence' }),
  claimPurchase: () => renderClaimPurchaseEmail({ name: EVIL, link, purchase: 'subscription' }),
  deckReceived: () => renderDeckReceivedEmail({ companyName: EVIL, subject: EVIL, recordsUrl: link, links }),
  recordFailed: () => renderRecordFailedEmail({ subject: EVIL, reason: EVIL, recordsUrl: link, links }),
  dealCreated: () => renderDealCreatedEmail({ companyName: EVIL, dealUrl: link, links }),
  forwardingConfirmation: () =>
    renderForwardingConfirmationEmail({
      name: EVIL,
      organizationName: EVIL,
      code: EVIL,
      link,
      forwarder: EVIL,
      integrationUrl: link,
    }),
  weeklyDigest: () =>
    renderWeeklyDigestEmail({
      organizationName: EVIL,
      weekLabel: EVIL,
      counts: { completed: 1, failed: 0, deals: 1, companies: [EVIL] },
      recordsUrl: link,
      links,
    }),
};

describe('every email escapes what users typed', () => {
  it.each(Object.keys(emails))('%s', (name) => {
    const mail = withSupportFooter(emails[name]!(), EVIL);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(ESCAPED);
    expect(mail.html).not.toContain('b="2"');
    expect(mail.html).not.toContain('&amp;lt;');
    expect(mail.html.startsWith('<!doctype html>')).toBe(true);
    expect(mail.text).toContain(EVIL);
    // The support footer sits inside the layout's table, not after the document.
    expect(mail.html.indexOf('Questions? Write to us at')).toBeGreaterThan(0);
    expect(mail.html.indexOf('Questions? Write to us at')).toBeLessThan(mail.html.lastIndexOf('</table>'));
  });

  it('the two-factor notice goes before the advice paragraph, which stays whole', () => {
    const mail = emails.twoFactorThrottled!();
    expect(mail.html).toContain('reset it now.</p>\n<p>If this was you, wait and try again.');
    expect(mail.html).not.toContain('<p>If this was you</p>');
  });
});

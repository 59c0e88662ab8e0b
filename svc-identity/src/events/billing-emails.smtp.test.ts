import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics } from '@dealflow/contracts';
import { startSmtpSink, type TReceivedMail } from '../test/smtp-sink.js';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner } from '../test/factories/user.factory.js';

/** Undo quoted-printable soft breaks and escapes so the text can be read from the raw message. */
let h: TIdentityTest;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: TReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
  // The broker and event bus play billing: identity consumes its two billing-email events.
  h = await startIdentity(
    { SMTP_URL: smtp.url, MAIL_FROM: 'DealFlow <team@dealflow.test>' },
    { broker: true, collect: [Topics.memberAdded] },
  );
}, 90_000);

afterAll(async () => {
  await h?.stop();
  await smtp?.close();
});

const bus = () => {
  if (!h.bus) throw new Error('started without a broker');
  return h.bus;
};

describe('billing emails to the owner (issue 14, the payment clock)', () => {
  it('billing.trial.ending emails the owner once, with the date, the charge and the Billing link', async () => {
    const owner = await registerOwner(h, { name: 'Trial Owner', verified: false });
    const orgId = owner.organization!.id;
    await bus().publish(
      Topics.trialEnding,
      {
        orgId,
        plan: 'pro',
        billingCycle: 'monthly',
        trialEndsAt: '2026-12-01T12:00:00.000Z',
        amountDue: 10000,
        currency: 'usd',
      },
      { orgId, copies: 2 },
    );
    const trialEmails = () =>
      received.filter((m) => m.to.includes(owner.user.email) && /Subject: Your free trial ends/.test(m.raw));
    const message = (await waitFor(() => trialEmails()[0], { timeoutMs: 30_000 }))!;
    expect(message.raw).toContain('Hi Trial Owner, the Pro trial of Acme Ventures ends on December 1, 2026.');
    expect(message.raw).toContain('your saved card will be charged $100.00');
    expect(message.raw).toContain('http://localhost:3000/billing');
    expect(message.to).toEqual([owner.user.email]);
    // The same envelope twice (a redelivery): one email.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(trialEmails()).toHaveLength(1);
  }, 60_000);

  it('billing.payment.failed emails the owner the amount and the invoice number', async () => {
    const owner = await registerOwner(h, { name: 'Late Payer', verified: false });
    const orgId = owner.organization!.id;
    await bus().publish(
      Topics.paymentFailed,
      {
        orgId,
        invoiceId: 'in_local_1',
        invoiceNumber: 'ABCD1234-0001',
        amountDue: 3000,
        currency: 'usd',
        status: 'past_due',
      },
      { orgId },
    );
    const message = await waitFor(
      () =>
        received.find((m) => m.to.includes(owner.user.email) && /Subject: Your payment failed/.test(m.raw)),
      { timeoutMs: 30_000 },
    );
    expect(message?.raw).toContain(
      'we could not charge $30.00 to the card saved for Acme Ventures (invoice ABCD1234-0001)',
    );
    expect(message?.raw).toContain('Update payment method');
  }, 60_000);

  it('each retry of billing.payment.failed emails once, with the next attempt; the last says canceled', async () => {
    const owner = await registerOwner(h, { name: 'Retry Payer', verified: false });
    const orgId = owner.organization!.id;
    const base = {
      orgId,
      invoiceId: 'in_local_2',
      invoiceNumber: 'ABCD1234-0002',
      amountDue: 5000,
      currency: 'usd',
    };
    const mine = () =>
      received.filter(
        (m) =>
          m.to.includes(owner.user.email) &&
          /Subject: Your (payment failed|subscription was canceled)/.test(m.raw),
      );
    // The second attempt, delivered twice (a redelivery): one email, with the date of the third.
    await bus().publish(
      Topics.paymentFailed,
      { ...base, status: 'past_due', attempt: 2, nextPaymentAttempt: '2026-12-06T12:00:00.000Z' },
      { orgId, copies: 2 },
    );
    const retry = await waitFor(() => mine()[0], { timeoutMs: 30_000 });
    expect(retry!.raw).toMatch(/Subject: Your payment failed/);
    expect(retry!.raw).toContain('We will try again on December 6, 2026.');
    // The last attempt: the subscription is canceled and the email says so.
    await bus().publish(
      Topics.paymentFailed,
      { ...base, status: 'canceled', attempt: 4, nextPaymentAttempt: null },
      { orgId },
    );
    const last = await waitFor(() => mine()[1], { timeoutMs: 30_000 });
    expect(last!.raw).toMatch(/Subject: Your subscription was canceled after failed payments/);
    expect(last!.raw).toContain('That was the last attempt');
    expect(last!.raw).not.toContain('We will try again');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mine()).toHaveLength(2);
  }, 60_000);
});

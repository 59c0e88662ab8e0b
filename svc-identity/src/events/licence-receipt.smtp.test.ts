import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics } from '@dealflow/contracts';
import { startSmtpSink, type TReceivedMail } from '../test/smtp-sink.js';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner } from '../test/factories/user.factory.js';

let h: TIdentityTest;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: TReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
  h = await startIdentity(
    { SMTP_URL: smtp.url, MAIL_FROM: 'DealFlow <team@dealflow.test>' },
    { broker: true, collect: [Topics.memberAdded] },
  );
}, 90_000);

afterAll(async () => {
  await h?.stop();
  await smtp?.close();
});

describe('licence receipt email (issue 20, item 8)', () => {
  it('billing.purchase.completed with a licence emails the buyer once, with the key, the updates end and the links', async () => {
    const buyer = await registerOwner(h, { name: 'Licence Buyer', verified: false });
    const licenceKey = 'DFL1.eyJwdXJjaGFzZUlkIjoiY3NfMSJ9.c2lnbmF0dXJl';
    await h.bus!.publish(
      Topics.purchaseCompleted,
      {
        orgId: buyer.organization!.id,
        userId: buyer.user.id,
        checkoutSessionId: 'cs_licence_1',
        amountTotal: 5000,
        currency: 'usd',
        licence: { licenceKey, updatesUntil: '2027-05-28T05:00:00.000Z' },
      },
      { orgId: buyer.organization!.id, copies: 2 },
    );
    const receipts = () =>
      received.filter(
        (m) => m.to.includes(buyer.user.email) && /Subject: Your DealFlow template licence/.test(m.raw),
      );
    const message = (await waitFor(() => receipts()[0], { timeoutMs: 30_000 }))!;
    expect(message.raw).toContain(licenceKey);
    expect(message.raw).toContain('Standard License, $50.00, paid (purchase cs_licence_1)');
    expect(message.raw).toContain('every update released until May 28, 2027');
    expect(message.raw).toContain('/licence/terms');
    await new Promise((r) => setTimeout(r, 1000));
    expect(receipts()).toHaveLength(1);
  });
});

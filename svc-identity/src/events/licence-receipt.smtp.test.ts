import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner } from '../test/factories/user.factory.js';

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let h: TIdentityTest;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  h = await startIdentity(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'DealFlow <team@dealflow.test>' },
    { broker: true, collect: [Topics.memberAdded] },
  );
}, 90_000);

afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner } from '../test/factories/user.factory.js';

interface TReceived {
  to: string[];
  raw: string;
}

/** Undo quoted-printable soft breaks and escapes so the text can be read from the raw message. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let h: TIdentityTest;
let smtp: SMTPServer;
// Mail goes over SMTP here (no outbox): the owners are registered without following the verification link,
// which these billing emails do not need.
const received: TReceived[] = [];

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
  // The broker and event bus play ingest: identity consumes its forwarding-confirmation event.
  h = await startIdentity(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'DealFlow <team@dealflow.test>' },
    { broker: true, collect: [Topics.memberAdded] },
  );
}, 90_000);

afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const bus = () => {
  if (!h.bus) throw new Error('started without a broker');
  return h.bus;
};

const LINK =
  'https://mail-settings.google.com/mail/vf-%5BANGjdJ9Kq3bV1xT0pXyZ7mLw2s4RfGh8uEo5nCiA%5D-Hs2yZr8wQk1mT4vB9pL';

describe("Gmail's forwarding confirmation (issue 22 item 2)", () => {
  it('ingest.forwarding-confirmation.received emails the owner once, with the code and Gmail’s link', async () => {
    const owner = await registerOwner(h, { name: 'Forward Owner', verified: false });
    const orgId = owner.organization!.id;
    await bus().publish(
      Topics.forwardingConfirmationReceived,
      {
        orgId,
        code: '618395527',
        link: LINK,
        forwarder: 'jane.investor@gmail.com',
        receivedAt: '2026-11-28T06:40:12.000Z',
      },
      { orgId, copies: 2 },
    );
    const emails = () =>
      received.filter(
        (m) => m.to.includes(owner.user.email) && /Subject: Confirm Gmail forwarding/.test(m.raw),
      );
    const message = (await waitFor(() => emails()[0], { timeoutMs: 30_000 }))!;
    expect(message.raw).toContain('618395527');
    expect(message.raw).toContain('jane.investor@gmail.com');
    expect(message.raw).toContain(LINK);
    expect(message.raw).toContain('/integration-1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(emails()).toHaveLength(1);
  }, 60_000);
});

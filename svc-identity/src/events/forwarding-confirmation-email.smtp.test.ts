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
  // The broker and event bus play ingest: identity consumes its forwarding-confirmation event.
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner, uniqueEmail } from '../test/factories/user.factory.js';

interface TReceived {
  from: string;
  to: string[];
  raw: string;
}

/** Undo quoted-printable soft breaks and escapes so links can be read from the raw message. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let h: TIdentityTest;
let smtp: SMTPServer;
const received: TReceived[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) return callback(new Error('Mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  h = await startIdentity({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'DealFlow <team@dealflow.test>',
  });
});

afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP (SMTP_URL set)', () => {
  it('delivers the invitation with the accept link to the invitee and writes nothing to the outbox folder', async () => {
    const owner = await registerOwner(h);
    const email = uniqueEmail('smtp-invitee');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Smtp Person', email, role: 'member' },
    });
    expect(res.statusCode).toBe(201);
    const message = await waitFor(() => received.find((m) => m.to.includes(email)));
    expect(message?.from).toBe('team@dealflow.test');
    const body = decodeQuotedPrintable(message?.raw ?? '');
    expect(body).toMatch(/Subject: Ada Owner invited you to join Acme Ventures/);
    const link = /http:\/\/localhost:3000\/accept-invitation\?token=([A-Za-z0-9_-]{43})/.exec(body);
    expect(link).not.toBeNull();
    const validate = await h.app.inject({
      method: 'GET',
      url: `/api/invitations/validate?token=${link?.[1]}`,
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json().email).toBe(email);
    expect(await h.readOutbox()).toEqual([]);
  });

  it('delivers the password reset link', async () => {
    const owner = await registerOwner(h);
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.user.email },
    });
    const message = await waitFor(() =>
      received.find((m) => m.to.includes(owner.user.email) && /Reset your password/.test(m.raw)),
    );
    expect(decodeQuotedPrintable(message?.raw ?? '')).toMatch(
      /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/,
    );
  });

  it('withdraws the invitation and answers 502 when the SMTP server refuses it', async () => {
    const owner = await registerOwner(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Bounce Person', email: uniqueEmail('bounce') },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'The invitation email could not be sent. Please try again later.',
    });
    const pending = await h.app.inject({
      method: 'GET',
      url: '/api/organization/invitations',
      headers: owner.auth,
    });
    expect(pending.json()).toEqual([]);
  });
});

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
    SUPPORT_EMAIL: 'help@dealflow.test',
  });
});

/** The token of the newest verify-email link SMTP received for `to`. */
const linkTokenFor = async (to: string, subject: RegExp) => {
  const message = await waitFor(() =>
    received.filter((m) => m.to.includes(to) && subject.test(m.raw)).at(-1),
  );
  const body = decodeQuotedPrintable(message?.raw ?? '');
  return /http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? null;
};

/** An owner who followed the verification link SMTP delivered (inviting needs a verified address). */
async function registerVerifiedOwner() {
  const owner = await registerOwner(h, { verified: false });
  const token = await linkTokenFor(owner.user.email, /Subject: Verify your email address/);
  const res = await h.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
  expect(res.statusCode).toBe(200);
  return owner;
}

afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP (SMTP_URL set)', () => {
  it('delivers the invitation with the accept link to the invitee and writes nothing to the outbox folder', async () => {
    const owner = await registerVerifiedOwner();
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

  it('every email carries the one configured support address: Reply-To and a closing line', async () => {
    const owner = await registerVerifiedOwner();
    const email = uniqueEmail('smtp-support');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Support Person', email, role: 'member' },
    });
    expect(res.statusCode).toBe(201);
    const message = await waitFor(() => received.find((m) => m.to.includes(email)));
    const body = decodeQuotedPrintable(message?.raw ?? '');
    expect(body).toMatch(/^Reply-To: help@dealflow\.test\r?$/m);
    expect(body).toContain('Questions? Write to us at help@dealflow.test.');
    expect(body).toContain('<a href="mailto:help@dealflow.test">help@dealflow.test</a>');
    const config = await h.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().supportEmail).toBe('help@dealflow.test');
  });

  it('delivers the password reset link', async () => {
    const owner = await registerVerifiedOwner();
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

  it('delivers the verification link on registration, and both emails of an email change', async () => {
    const owner = await registerVerifiedOwner();
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.auth });
    expect(me.json().user.emailVerified).toBe(true);

    const newEmail = uniqueEmail('smtp-moved');
    const change = await h.app.inject({
      method: 'POST',
      url: '/api/account/email/change',
      headers: owner.auth,
      payload: { newEmail, password: owner.password },
    });
    expect(change.statusCode).toBe(202);
    const token = await linkTokenFor(newEmail, /Subject: Confirm your new email address/);
    expect(token).not.toBeNull();
    const notice = await waitFor(() =>
      received.find((m) => m.to.includes(owner.user.email) && /was requested/.test(m.raw)),
    );
    expect(decodeQuotedPrintable(notice?.raw ?? '')).toContain('write to help@dealflow.test');
    const confirm = await h.app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token },
    });
    expect(confirm.json()).toMatchObject({ outcome: 'changed', email: newEmail });
    const done = await waitFor(() =>
      received.find(
        (m) => m.to.includes(owner.user.email) && /Subject: Your email address was changed/.test(m.raw),
      ),
    );
    expect(decodeQuotedPrintable(done?.raw ?? '')).toContain(newEmail);
    expect(await h.readOutbox()).toEqual([]);
  });

  it('withdraws the invitation and answers 502 when the SMTP server refuses it', async () => {
    const owner = await registerVerifiedOwner();
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

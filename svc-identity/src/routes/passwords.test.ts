import type * as Passwords from '../security/passwords.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import {
  inviteAndReadToken,
  registerOwner,
  registerUser,
  uniqueEmail,
} from '../test/factories/user.factory.js';

// Counts the argon2id hashes the service computes (the real function runs).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../security/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity({ PASSWORD_RESET_ATTEMPTS_PER_IP: '6', PASSWORD_RESET_ATTEMPTS_PER_TOKEN: '3' });
});
afterAll(async () => {
  await h?.stop();
});

const COMMON = { message: 'This password is too common. Please choose a less predictable one.' };
const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  h.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

const resetTokenOf = async (email: string, ip: string) => {
  await post('/api/auth/forgot-password', { email }, {}, ip);
  const mail = await waitFor(async () =>
    (await h.readOutbox()).filter((m) => m.to === email && m.kind === 'password-reset').at(-1),
  );
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
  return new URL(link ?? 'http://x').searchParams.get('token') ?? '';
};

describe('common passwords (top 100,000) are refused', () => {
  it('on register, whatever the case, with 400 and a clear message', async () => {
    for (const password of ['password123', 'Password123', 'qwertyuiop']) {
      const res = await post('/api/auth/register', { email: uniqueEmail(), name: 'Ada', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject(COMMON);
    }
  });

  it('on completing an invited profile', async () => {
    const owner = await registerOwner(h);
    const { token } = await inviteAndReadToken(h, owner, uniqueEmail('invitee'));
    const res = await post('/api/auth/complete-profile', { token, name: 'Grace', password: 'iloveyou1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(COMMON);
  });

  it('on a password change', async () => {
    const user = await registerUser(h);
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: 'password1', confirmPassword: 'password1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(COMMON);
  });

  it('on a reset, and the token stays usable for a better password', async () => {
    const user = await registerUser(h);
    const token = await resetTokenOf(user.user.email, '10.9.1.1');
    const common = await post('/api/auth/reset-password', { token, password: 'sunshine1' }, {}, '10.9.1.1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject(COMMON);
    const ok = await post(
      '/api/auth/reset-password',
      { token, password: 'a far better one' },
      {},
      '10.9.1.1',
    );
    expect(ok.statusCode).toBe(200);
    // No session of the account in this browser: the page sends the user to sign in.
    expect(ok.json()).toMatchObject({ success: true, signedIn: false });
  });
});

describe('reset-password', () => {
  it('checks the token before hashing: an unknown, used or expired token costs no hash', async () => {
    const before = hashes.count;
    const unknown = await post(
      '/api/auth/reset-password',
      { token: 'A'.repeat(43), password: 'a fine new password' },
      {},
      '10.9.2.1',
    );
    expect(unknown.statusCode).toBe(404);
    const user = await registerUser(h);
    const token = await resetTokenOf(user.user.email, '10.9.2.2');
    await h.svc.ctx.orm.em
      .getConnection()
      .execute(`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    const expired = await post(
      '/api/auth/reset-password',
      { token, password: 'a fine new password' },
      {},
      '10.9.2.2',
    );
    expect(expired.statusCode).toBe(410);
    expect(hashes.count - before).toBe(1); // the registration's only
  });

  it('limits attempts per token and per IP with 429', async () => {
    const user = await registerUser(h);
    const token = await resetTokenOf(user.user.email, '10.9.3.1');
    // Per token: three tries (from three addresses), then the token is refused even with a good password.
    for (const ip of ['10.9.3.2', '10.9.3.3', '10.9.3.4'])
      expect(
        (await post('/api/auth/reset-password', { token, password: 'password' }, {}, ip)).statusCode,
      ).toBe(400);
    const overToken = await post(
      '/api/auth/reset-password',
      { token, password: 'a fine new one' },
      {},
      '10.9.3.5',
    );
    expect(overToken.statusCode).toBe(429);

    // Per IP: six guesses of random tokens, then even a real token from that address waits.
    for (let i = 0; i < 6; i++)
      expect(
        (
          await post(
            '/api/auth/reset-password',
            { token: `${'B'.repeat(40)}${i}xx`, password: 'whatever 123' },
            {},
            '10.9.4.1',
          )
        ).statusCode,
      ).toBe(404);
    const other = await registerUser(h);
    const otherToken = await resetTokenOf(other.user.email, '10.9.4.2');
    const overIp = await post(
      '/api/auth/reset-password',
      { token: otherToken, password: 'a fine new one' },
      {},
      '10.9.4.1',
    );
    expect(overIp.statusCode).toBe(429);
    expect(overIp.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
  });
});

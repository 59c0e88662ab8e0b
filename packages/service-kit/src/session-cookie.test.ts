import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

const cookieOf = async (publicUrl: string, clear = false) => {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.get('/', async (_request, reply) => {
    if (clear) clearSessionCookie(reply, { publicUrl });
    else setSessionCookie(reply, 'token-1', { publicUrl, ttlDays: 30 });
    return { ok: true };
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(response.headers['set-cookie']);
};

describe('the session cookie, one set of rules (issue 21 item 7)', () => {
  it('sets df_session HttpOnly, SameSite=Lax, Path=/, for the session lifetime; Secure on an https address', async () => {
    expect(await cookieOf('https://app.example.com')).toBe(
      'df_session=token-1; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(await cookieOf('http://localhost:3000')).toBe(
      'df_session=token-1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('clears it with the same attributes', async () => {
    const cleared = await cookieOf('https://app.example.com', true);
    expect(cleared).toMatch(
      /^df_session=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

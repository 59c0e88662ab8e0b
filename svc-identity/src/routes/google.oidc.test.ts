import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { TEST_PUBLIC_URL as PUBLIC_URL } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { startOidcStandIn, type TOidcStandIn } from '../test/oidc-stand-in.js';
import { followRedirects } from '../test/browser-flow.js';
import { registerOwner, uniqueEmail } from '../test/factories/user.factory.js';

let oidc: TOidcStandIn;
let h: TIdentityTest;

beforeAll(async () => {
  oidc = await startOidcStandIn({ redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`] });
  h = await startIdentity(oidc.env);
});
afterAll(async () => {
  await h?.stop();
  await oidc?.stop();
});

/** Browser -> /api/auth/google -> provider (login, consent) -> our callback -> the seed's callback page. */
async function signInWithGoogle(startQuery = '') {
  const begin = await h.app.inject({ method: 'GET', url: `/api/auth/google${startQuery}` });
  expect(begin.statusCode).toBe(302);
  const authorize = new URL(String(begin.headers.location));
  expect(authorize.origin).toBe(oidc.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const stateCookie = /df_oidc=[^;]+/.exec(String(begin.headers['set-cookie']))?.[0] ?? '';
  expect(stateCookie).not.toBe('');
  const callback = await followRedirects(
    authorize.href,
    (url) => url.pathname === '/api/auth/google/callback',
  );
  const done = await h.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: stateCookie },
  });
  expect(done.statusCode).toBe(302);
  return {
    location: new URL(String(done.headers.location), PUBLIC_URL),
    setCookie: String(done.headers['set-cookie']),
    callback,
    stateCookie,
  };
}

describe('Google sign-in (OpenID Connect against a local oidc-provider)', () => {
  it('is advertised by /api/config when the issuer, client id and secret are set', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/config' })).json().googleSignInEnabled).toBe(true);
  });

  /** GET /api/auth/me with the cookie the callback set: how the callback screen learns who signed in. */
  const meWith = (setCookie: string) =>
    h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: /df_session=[^;]+/.exec(setCookie)?.[0] ?? '' },
    });

  it('creates the account, sets the session cookie and hands the browser to /auth/google/callback with nothing in the URL', async () => {
    const email = uniqueEmail('google');
    oidc.setAccount({ sub: `google-${email}`, email, emailVerified: true, name: 'Goo Gle' });
    const { location, setCookie } = await signInWithGoogle();
    expect(location.pathname).toBe('/auth/google/callback');
    expect(location.search).toBe('');
    const token = /df_session=([^;]+)/.exec(setCookie)?.[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const me = await meWith(setCookie);
    expect(me.statusCode).toBe(200);
    // Google said email_verified: the account is verified from the start (issue 15).
    expect(me.json().user).toMatchObject({
      email,
      name: 'Goo Gle',
      organizationId: null,
      emailVerified: true,
    });
    expect(me.json().organization).toBeNull();
  });

  it('carries a same-site return path (the re-authentication prompt) to the callback page, and nothing else', async () => {
    const email = uniqueEmail('google-back');
    oidc.setAccount({ sub: `google-${email}`, email, emailVerified: true, name: 'Goo Back' });
    const back = await signInWithGoogle(`?returnTo=${encodeURIComponent('/settings?tab=security')}`);
    expect(back.location.pathname).toBe('/auth/google/callback');
    expect(back.location.searchParams.get('returnTo')).toBe('/settings?tab=security');
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'settings']) {
      const { location } = await signInWithGoogle(`?returnTo=${encodeURIComponent(hostile)}`);
      expect(location.pathname, hostile).toBe('/auth/google/callback');
      expect(location.search, hostile).toBe('');
    }
  });

  it('links an existing account whose email is verified and signs into it (with its organization)', async () => {
    // registerOwner followed the emailed verification link.
    const owner = await registerOwner(h);
    oidc.setAccount({
      sub: `google-${owner.user.email}`,
      email: owner.user.email,
      emailVerified: true,
      name: 'Other Name',
    });
    const { location, setCookie } = await signInWithGoogle();
    expect(location.search).toBe('');
    const me = (await meWith(setCookie)).json();
    expect(me.user.id).toBe(owner.user.id);
    expect(me.organization.id).toBe(owner.organization?.id);
  });

  it('never links to a password account whose email was never verified (pre-account takeover)', async () => {
    // Registered by someone who never followed the verification link.
    const victim = await registerOwner(h, { verified: false });
    oidc.setAccount({
      sub: `google-attacker-${victim.user.email}`,
      email: victim.user.email,
      emailVerified: true,
      name: 'Attacker',
    });
    const { location, setCookie } = await signInWithGoogle();
    expect(location.searchParams.get('error')).toBe(
      'An account with this email already exists. Sign in with your email and password.',
    );
    expect(setCookie).not.toContain('df_session=');
    const row = (await h.svc.ctx.orm.em
      .getConnection()
      .execute('select google_id from users where id = ?', [victim.user.id])) as Array<{
      google_id: string | null;
    }>;
    expect(row[0]?.google_id).toBeNull();
    // The owner still signs in with the password.
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.user.email, password: victim.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an unverified email and a callback whose state cookie is missing or replayed', async () => {
    oidc.setAccount({
      sub: `google-unverified-${Date.now()}`,
      email: uniqueEmail('unverified'),
      emailVerified: false,
      name: 'Un Verified',
    });
    const { location, callback, stateCookie } = await signInWithGoogle();
    expect(location.pathname).toBe('/auth/google/callback');
    expect(location.searchParams.get('data')).toBeNull();
    expect(location.searchParams.get('error')).toBe('Your Google account has no verified email address');

    const noCookie = await h.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(new URL(String(noCookie.headers.location), PUBLIC_URL).searchParams.get('error')).toMatch(
      /expired/,
    );
    // the code was already spent: exchanging it again fails
    const replay = await h.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookie },
    });
    expect(new URL(String(replay.headers.location), PUBLIC_URL).searchParams.get('data')).toBeNull();
  });
});

describe('Google sign-in with two-factor on', () => {
  it('sets no session but the challenge cookie, sends the browser to the code step, and the code completes it', async () => {
    const owner = await registerOwner(h);
    await h.svc.ctx.orm.em
      .getConnection()
      .execute('update users set email_verified_at = now() where id = ?', [owner.user.id]);
    const setup = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/setup',
      headers: owner.auth,
    });
    const { secret } = setup.json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      headers: owner.auth,
      payload: { code: totp.generate({ timestamp: Date.now() - 30_000 }) },
    });
    expect(confirmed.statusCode).toBe(200);
    oidc.setAccount({
      sub: `google-2fa-${owner.user.email}`,
      email: owner.user.email,
      emailVerified: true,
      name: 'Tess Factor',
    });

    const { location, setCookie } = await signInWithGoogle();
    expect(`${location.pathname}${location.search}`).toBe('/login?step=two-factor');
    expect(setCookie).not.toContain('df_session=');
    const challenge = /df_2fa=[^;]+/.exec(setCookie)?.[0] ?? '';
    expect(challenge).not.toBe('');
    const done = await h.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: { cookie: challenge },
      payload: { code: totp.generate() },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(owner.user.id);
    expect(String(done.headers['set-cookie'])).toMatch(/df_session=[A-Za-z0-9_-]{43}/);
  });
});

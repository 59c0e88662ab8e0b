import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
async function signInWithGoogle() {
  const begin = await h.app.inject({ method: 'GET', url: '/api/auth/google' });
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

  it('creates the account and hands the browser to /auth/google/callback with user, organization and sessionId', async () => {
    const email = uniqueEmail('google');
    oidc.setAccount({ sub: `google-${email}`, email, emailVerified: true, name: 'Goo Gle' });
    const { location, setCookie } = await signInWithGoogle();
    expect(location.pathname).toBe('/auth/google/callback');
    const data = JSON.parse(location.searchParams.get('data') ?? '{}');
    expect(data.user).toMatchObject({ email, name: 'Goo Gle', organizationId: null });
    expect(data.organization).toBeNull();
    expect(setCookie).toContain(`df_session=${data.sessionId}`);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${data.sessionId}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
  });

  it('links an existing account by verified email and signs into it (with its organization)', async () => {
    const owner = await registerOwner(h);
    oidc.setAccount({
      sub: `google-${owner.user.email}`,
      email: owner.user.email,
      emailVerified: true,
      name: 'Other Name',
    });
    const { location } = await signInWithGoogle();
    const data = JSON.parse(location.searchParams.get('data') ?? '{}');
    expect(data.user.id).toBe(owner.user.id);
    expect(data.organization.id).toBe(owner.organization?.id);
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

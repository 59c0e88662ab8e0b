import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import {
  issueProgramBearer,
  login,
  registerOwner,
  registerUser,
  uniqueEmail,
} from '../test/factories/user.factory.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity({ LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '8' });
});
afterAll(async () => {
  await h?.stop();
});

describe('register', () => {
  it('creates the account with its organization, owner role, a session cookie and a welcome email', async () => {
    const email = uniqueEmail('founder');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: email.toUpperCase(),
        password: 'long enough pw',
        name: 'Ada',
        organizationName: 'Acme',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email, name: 'Ada', role: 'owner', digitalProductAccess: false });
    expect(body.organization).toMatchObject({
      name: 'Acme',
      plan: 'free',
      ownerId: body.user.id,
      subscriptionQuantity: 1,
    });
    expect(body).not.toHaveProperty('sessionId');
    const cookie = String(res.headers['set-cookie']);
    const token = /df_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(token);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
    const mails = await h.readOutbox();
    expect(mails.find((m) => m.to === email && m.kind === 'welcome')?.text).toContain(
      `${h.config.PUBLIC_URL}/dashboard`,
    );
  });

  it('refuses a duplicate email with 409 and the clear message', async () => {
    const first = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: first.user.email, password: 'another password', name: 'Someone' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('rejects malformed input with 400 and the seed messages', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nope', password: 'short', name: 'A' },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.message).toBe('Please enter a valid email address.');
    expect(body.details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([
        'Password must be at least 8 characters.',
        'Name must be at least 2 characters',
      ]),
    );
    const missing = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    expect(missing.statusCode).toBe(400);
    const huge = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'x'.repeat(100_000), name: 'Big' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTypeOf('string');
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('login', () => {
  it('signs in with the right password, rotates the session and sets the cookie', async () => {
    const owner = await registerOwner(h);
    const again = await login(h, owner.user.email, owner.password, owner.auth);
    expect(again.token).not.toBe(owner.token);
    expect(again.organization?.id).toBe(owner.organization?.id);
    // the session the browser held before is gone (rotation)
    const old = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.auth });
    expect(old.statusCode).toBe(401);
    const fresh = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: again.cookie },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same generic 401 for an unknown email and a wrong password', async () => {
    const user = await registerUser(h);
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: 'wrong password' },
    });
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('ghost'), password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('spends comparable time on unknown emails and wrong passwords (dummy hash)', async () => {
    const user = await registerUser(h);
    const time = async (email: string) => {
      const start = performance.now();
      await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'not the password' },
        remoteAddress: `10.9.${sequenceIp()}.1`,
      });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(user.user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Fastest of three (least disturbed by other load): without the dummy hash an unknown email answers
    // in ~1 ms against ~20+ ms of argon2id.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.3);
  });

  const attempt = (email: string, password: string, ip: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('backs off an (account, IP) pair after repeated failures, so a stranger cannot lock the owner out elsewhere', async () => {
    const user = await registerUser(h);
    for (let i = 0; i < 3; i++)
      expect((await attempt(user.user.email, 'wrong password', '10.1.0.1')).statusCode).toBe(401);
    // That address now waits, even with the right password, with a generic message.
    const blocked = await attempt(user.user.email, user.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many sign-in attempts. Please try again later.' });
    // The owner, from their own address, signs in.
    expect((await attempt(user.user.email, user.password, '10.1.0.2')).statusCode).toBe(200);
    // The owner is told once that the back-off engaged, with no password or token in the mail.
    const mails = (await h.readOutbox()).filter(
      (m) => m.to === user.user.email && m.kind === 'sign-in-throttled',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('10.1.0.1');
    expect(mails[0]?.text).not.toContain('wrong password');
  });

  it('keeps a much higher ceiling per account, across addresses', async () => {
    const user = await registerUser(h);
    for (let i = 0; i < 8; i++)
      expect((await attempt(user.user.email, 'wrong password', `10.3.${i}.1`)).statusCode).toBe(401);
    expect((await attempt(user.user.email, user.password, '10.3.99.1')).statusCode).toBe(429);
  });
});

let ipCounter = 0;
const sequenceIp = () => ++ipCounter;

describe('me and logout', () => {
  it('answers 401 when not signed in, and with user and organization (never the token) when signed in by the cookie', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: 'Bearer not-a-real-session-token-000000' },
        })
      ).statusCode,
    ).toBe(401);
    const owner = await registerOwner(h);
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: owner.user.id, role: 'owner' },
      organization: { id: owner.organization?.id },
    });
    expect(Object.keys(res.json()).sort()).toEqual(['organization', 'user']);
    expect(res.body).not.toContain(owner.token);
    expect(res.headers['cache-control']).toBe('no-store');
    // A browser session is carried by the HttpOnly cookie only: as a Bearer it authenticates nothing.
    const asBearer = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // A session issued to a program is a Bearer, and not a cookie.
    const program = await issueProgramBearer(h, owner.user.id);
    const byProgram = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: program });
    expect(byProgram.statusCode).toBe(200);
    expect(byProgram.body).not.toContain(program.authorization.slice('Bearer '.length));
    const programAsCookie = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `df_session=${program.authorization.slice('Bearer '.length)}` },
    });
    expect(programAsCookie.statusCode).toBe(401);
  });

  it('logout ends the session and clears the cookie', async () => {
    const user = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie, origin: h.config.PUBLIC_URL },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/df_session=;/);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).statusCode).toBe(
      401,
    );
    // logging out again is harmless
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(
      200,
    );
  });

  it('clears a df_session cookie that names no live session, and leaves a live one alone', async () => {
    const user = await registerUser(h);
    const live = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(live.statusCode).toBe(200);
    expect(live.headers['set-cookie']).toBeUndefined();

    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth, payload: {} });
    const stale = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: user.cookie },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Not authenticated' });
    expect(String(stale.headers['set-cookie'])).toMatch(/^df_session=; .*Expires=Thu, 01 Jan 1970/);

    // Without a cookie there is nothing to clear.
    const bearerOnly = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(bearerOnly.statusCode).toBe(401);
    expect(bearerOnly.headers['set-cookie']).toBeUndefined();
  });
});

describe('nothing but a real session authenticates', () => {
  it('X-Auth-Bypass, X-User-ID, a body userId and bypassAuth grant nothing', async () => {
    const victim = await registerOwner(h);
    const forged = {
      'x-auth-bypass': 'true',
      'x-user-id': String(victim.user.id),
      'x-identity-token': h.keys.sign({
        sub: String(victim.user.id),
        org: victim.organization?.id ?? null,
        role: 'owner',
        email: victim.user.email,
        name: 'x',
        sid: 'x',
      }),
    };
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: forged })).statusCode).toBe(
      401,
    );
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/organization/members', headers: forged })).statusCode,
    ).toBe(401);
    const viaBody = await h.app.inject({
      method: 'POST',
      url: '/api/organizations/create-with-context',
      headers: forged,
      payload: {
        name: 'Hijack',
        plan: 'pro',
        billingCycle: 'annual',
        userId: victim.user.id,
        userEmail: victim.user.email,
        bypassAuth: true,
      },
    });
    expect(viaBody.statusCode).toBe(401);
    const invite = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: forged,
      payload: { name: 'Eve', email: uniqueEmail('eve'), role: 'owner' },
    });
    expect(invite.statusCode).toBe(401);
    // a body userId where the contract has none is refused outright
    const withUserId = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: forged,
      payload: { name: 'Eve', email: uniqueEmail('eve'), role: 'owner', userId: victim.user.id },
    });
    expect(withUserId.statusCode).toBe(400);
    const pending = await h.app.inject({
      method: 'GET',
      url: '/api/organization/invitations',
      headers: victim.auth,
    });
    expect(pending.json()).toEqual([]);
  });

  it('refuses extra-privileged fields with 400 instead of trusting them', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: uniqueEmail(),
        password: 'long enough pw',
        name: 'Sneaky',
        role: 'owner',
        digitalProductAccess: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'role cannot be set here',
      details: [
        { path: 'role', message: 'Not allowed' },
        { path: 'digitalProductAccess', message: 'Not allowed' },
      ],
    });
    const user = await registerUser(h);
    const profile = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: user.auth,
      payload: { name: 'Sneaky', email: user.user.email, organizationId: 1 },
    });
    expect(profile.statusCode).toBe(400);
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.json().user).toMatchObject({
      role: 'member',
      digitalProductAccess: false,
      organizationId: null,
    });
  });

  it('create-with-context acts for the session user, ignoring userId and bypassAuth', async () => {
    const other = await registerUser(h);
    const actor = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organizations/create-with-context',
      headers: actor.auth,
      payload: {
        name: 'Mine',
        plan: 'basic',
        billingCycle: 'monthly',
        userId: other.user.id,
        userEmail: other.user.email,
        bypassAuth: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.id).toBe(actor.user.id);
    expect(res.json().organization.ownerId).toBe(actor.user.id);
    const otherMe = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: other.auth });
    expect(otherMe.json().organization).toBeNull();
  });

  it('refuses cookie-authenticated writes from another site (CSRF) but accepts same-origin and bearer ones', async () => {
    const user = await registerUser(h);
    const patch = (headers: Record<string, string>) =>
      h.app.inject({
        method: 'PATCH',
        url: '/api/settings/notifications',
        headers,
        payload: { weeklyDigest: true },
      });
    const crossSite = await patch({ cookie: user.cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await patch({ cookie: user.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    // Only a valid bearer exempts a request: Basic credentials (which a browser attaches by itself) do not.
    const basic = await patch({
      cookie: user.cookie,
      authorization: 'Basic eDp4',
      'sec-fetch-site': 'cross-site',
    });
    expect(basic.statusCode).toBe(403);
    const unknownBearer = await patch({
      cookie: user.cookie,
      authorization: `Bearer ${'x'.repeat(43)}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(unknownBearer.statusCode).toBe(403);
    expect((await patch({ cookie: user.cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const program = await issueProgramBearer(h, user.user.id);
    expect((await patch({ ...program, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});

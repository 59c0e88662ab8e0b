import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { TEST_INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner, uniqueEmail, type TSignedIn } from '../test/factories/user.factory.js';

/**
 * Issue 20: session assurance (claims `uv` and `aat`), an unverified guest-checkout session refused where it
 * could take the account over, password re-entry on the sign-in throttle, and re-authentication.
 */
let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const internal = { 'x-internal-token': TEST_INTERNAL_TOKEN };
const THROTTLED = { message: 'Too many sign-in attempts. Please try again later.' };
const UNVERIFIED = 'Confirm your email address first: use the link we sent you, then try again';
const REAUTH = 'Enter your password again to continue';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
const introspect = async (token: string) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/internal/sessions/introspect',
    headers: internal,
    payload: { token, via: 'cookie' },
  });
  return { status: res.statusCode, claims: res.statusCode === 200 ? claimsOf(res.json().jwt) : null };
};
/** What billing does after a guest checkout: POST /internal/sessions (the token becomes the cookie). */
const autoLogin = async (userId: number, unverified: boolean) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/internal/sessions',
    headers: internal,
    payload: { userId, unverified },
  });
  expect(res.statusCode).toBe(200);
  const token = res.json().sessionId as string;
  return { token, cookie: { cookie: `df_session=${token}` } };
};
const setPlan = (orgId: number, plan: string) =>
  h.query("update organizations set plan = ?, subscription_status = 'active' where id = ?", [plan, orgId]);
/** The session's last password check, moved into the past (as if signed in long ago). */
const ageSession = (token: string, minutes: number) =>
  h.query(
    `update sessions set authenticated_at = now() - make_interval(mins => ${minutes})
      where token_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')`,
    [token],
  );
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
  remoteAddress?: string,
) =>
  h.app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('session assurance claims', () => {
  it('signs aat (the sign-in) on every session and uv only on a guest checkout session', async () => {
    const owner = await registerOwner(h);
    const signedIn = await introspect(owner.token);
    expect(signedIn.claims).not.toHaveProperty('uv');
    expect(Math.abs((signedIn.claims!.aat as number) - Date.now() / 1000)).toBeLessThan(30);
    const guest = await autoLogin(owner.user.id, true);
    expect((await introspect(guest.token)).claims).toMatchObject({ uv: true, aat: expect.any(Number) });
    const trusted = await autoLogin(owner.user.id, false);
    expect((await introspect(trusted.token)).claims).not.toHaveProperty('uv');
  });

  it('refuses an unverified session: two-factor, API keys, invitations, email and password change', async () => {
    const owner = await registerOwner(h);
    await setPlan(owner.organization!.id, 'pro');
    const guest = (await autoLogin(owner.user.id, true)).cookie;
    const attempts = [
      send('POST', '/api/user/two-factor/setup', guest),
      send('POST', '/api/user/two-factor/confirm', guest, { code: '123456' }),
      send('POST', '/api/user/two-factor/disable', guest, { password: owner.password }),
      send('POST', '/api/organization/api-keys', guest, { name: 'CRM sync', scope: 'read' }),
      send('POST', '/api/organization/invite', guest, { name: 'Grace', email: uniqueEmail('invitee') }),
      send('POST', '/api/account/email/change', guest, {
        newEmail: uniqueEmail('moved'),
        password: owner.password,
      }),
      send('PATCH', '/api/user/password', guest, {
        currentPassword: owner.password,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: UNVERIFIED });
    }
    // The same account's signed-in session is not affected.
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(200);
  });

  it("the buyer's set-password link verifies the browser that uses it and ends every other session", async () => {
    const email = uniqueEmail('buyer');
    const provisioned = await h.app.inject({
      method: 'POST',
      url: '/internal/buyers',
      headers: internal,
      payload: { email, checkoutSessionId: `cs_test_${email}`, claimUrl: 'http://localhost:5173/claim' },
    });
    expect(provisioned.statusCode).toBe(200);
    const userId = provisioned.json().userId as number;
    const payer = await autoLogin(userId, true);
    const elsewhere = await autoLogin(userId, true);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await h.readOutbox()).find((m) => m.to === email && m.kind === 'set-password');
        link = mail ? /https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text)?.[0] : undefined;
        return link;
      })
      .toBeDefined();
    const token = new URL(link!).searchParams.get('token');
    const reset = await send('POST', '/api/auth/reset-password', payer.cookie, {
      token,
      password: 'the payer chose this',
    });
    expect(reset.statusCode).toBe(200);
    // The answer says this browser stays signed in (the reset page goes to the dashboard, not /login).
    expect(reset.json()).toMatchObject({ success: true, signedIn: true });
    const kept = await introspect(payer.token);
    expect(kept.status).toBe(200);
    expect(kept.claims).not.toHaveProperty('uv');
    expect((await introspect(elsewhere.token)).status).toBe(401);
  });

  it('a confirmation link used in the unverified browser verifies its session', async () => {
    const owner = await registerOwner(h, { verified: false });
    const guest = await autoLogin(owner.user.id, true);
    expect((await introspect(guest.token)).claims).toMatchObject({ uv: true });
    const mail = (await h.readOutbox()).filter((m) => m.to === owner.user.email && m.kind === 'verify-email');
    const token = new URL(
      /https?:\/\/\S+verify-email\?token=\S+/.exec(mail.at(-1)!.text)![0],
    ).searchParams.get('token');
    const confirmed = await send('POST', '/api/account/email/confirm', guest.cookie, { token });
    expect(confirmed.statusCode).toBe(200);
    expect((await introspect(guest.token)).claims).not.toHaveProperty('uv');
  });
});

describe('password re-entry on the sign-in throttle', () => {
  let ip = 0;
  /** Eight wrong passwords in a row from one address: the last answers 429 with the sign-in throttle's message. */
  const eightWrong = async (attempt: (owner: TSignedIn, address: string) => ReturnType<typeof send>) => {
    const owner = await registerOwner(h);
    const address = `10.20.${++ip}.1`;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 8; i++) {
      last = await attempt(owner, address);
      statuses.push(last.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last!.json()).toEqual(THROTTLED);
    // The address stays paused even with the right password.
    return { owner, address, statuses };
  };

  it('email change', async () => {
    await eightWrong((owner, address) =>
      send(
        'POST',
        '/api/account/email/change',
        owner.auth,
        { newEmail: uniqueEmail('x'), password: 'wrong guess' },
        address,
      ),
    );
  });

  it('password change', async () => {
    const { owner, address } = await eightWrong((owner, address) =>
      send(
        'PATCH',
        '/api/user/password',
        owner.auth,
        {
          currentPassword: 'wrong guess',
          newPassword: 'a brand new passphrase',
          confirmPassword: 'a brand new passphrase',
        },
        address,
      ),
    );
    const right = await send(
      'PATCH',
      '/api/user/password',
      owner.auth,
      {
        currentPassword: owner.password,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
      address,
    );
    expect(right.statusCode).toBe(429);
  });

  it('account deletion', async () => {
    await eightWrong((owner, address) =>
      send('DELETE', '/api/user', owner.auth, { password: 'wrong guess' }, address),
    );
  });

  it('organization deletion', async () => {
    await eightWrong((owner, address) =>
      send('DELETE', '/api/organization', owner.auth, { password: 'wrong guess' }, address),
    );
  });

  it('re-authentication', async () => {
    await eightWrong((owner, address) =>
      send('POST', '/api/auth/reauthenticate', owner.auth, { password: 'wrong guess' }, address),
    );
  });

  it('shares the counters with sign-in: wrong re-entries pause the sign-in from that address', async () => {
    const { owner, address } = await eightWrong((owner, address) =>
      send('DELETE', '/api/user', owner.auth, { password: 'wrong guess' }, address),
    );
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(429);
  });
});

describe('re-authentication', () => {
  it('two-factor enrolment and API-key creation need a password check within 10 minutes', async () => {
    const owner = await registerOwner(h);
    await setPlan(owner.organization!.id, 'pro');
    await ageSession(owner.token, 11);
    const setup = await send('POST', '/api/user/two-factor/setup', owner.auth);
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toEqual({ message: REAUTH });
    const key = await send('POST', '/api/organization/api-keys', owner.auth, {
      name: 'CRM sync',
      scope: 'read',
    });
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual({ message: REAUTH });
    expect((await introspect(owner.token)).claims!.aat as number).toBeLessThan(Date.now() / 1000 - 600);

    const wrong = await send('POST', '/api/auth/reauthenticate', owner.auth, { password: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(403);

    const reauth = await send('POST', '/api/auth/reauthenticate', owner.auth, { password: owner.password });
    expect(reauth.statusCode).toBe(200);
    expect(
      Math.abs(((await introspect(owner.token)).claims!.aat as number) - Date.now() / 1000),
    ).toBeLessThan(30);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(200);
    expect(
      (await send('POST', '/api/organization/api-keys', owner.auth, { name: 'CRM sync', scope: 'read' }))
        .statusCode,
    ).toBe(201);
  });

  it('a right password on email change counts as a fresh authentication of the session', async () => {
    const owner = await registerOwner(h);
    await ageSession(owner.token, 30);
    const changed = await send('POST', '/api/account/email/change', owner.auth, {
      newEmail: uniqueEmail('moved'),
      password: owner.password,
    });
    expect(changed.statusCode).toBe(202);
    const aat = (await introspect(owner.token)).claims!.aat as number;
    expect(Math.abs(aat - Date.now() / 1000)).toBeLessThan(30);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(200);
  });

  it('a right password turning two-factor off counts as a fresh authentication of the session', async () => {
    const owner = await registerOwner(h);
    const setup = await send('POST', '/api/user/two-factor/setup', owner.auth);
    const { secret } = setup.json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() - 30_000,
    });
    expect((await send('POST', '/api/user/two-factor/confirm', owner.auth, { code })).statusCode).toBe(200);
    await ageSession(owner.token, 30);
    const wrong = await send('POST', '/api/user/two-factor/disable', owner.auth, { password: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect((await introspect(owner.token)).claims!.aat as number).toBeLessThan(Date.now() / 1000 - 600);
    const off = await send('POST', '/api/user/two-factor/disable', owner.auth, { password: owner.password });
    expect(off.statusCode).toBe(200);
    const aat = (await introspect(owner.token)).claims!.aat as number;
    expect(Math.abs(aat - Date.now() / 1000)).toBeLessThan(30);
  });

  it('a member whose organization requires two-factor can re-authenticate to enrol', async () => {
    const owner = await registerOwner(h);
    await h.query('update organizations set require_two_factor = true where id = ?', [
      owner.organization!.id,
    ]);
    await ageSession(owner.token, 15);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(403);
    const reauth = await send('POST', '/api/auth/reauthenticate', owner.auth, { password: owner.password });
    expect(reauth.statusCode).toBe(200);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(200);
  });

  it('a fresh sign-in counts as re-authentication; signed-out callers get 401', async () => {
    const owner = await registerOwner(h);
    await ageSession(owner.token, 30);
    expect((await send('POST', '/api/user/two-factor/setup', owner.auth)).statusCode).toBe(403);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    const cookie = /df_session=[^;]+/.exec(String(again.headers['set-cookie']))![0];
    expect((await send('POST', '/api/user/two-factor/setup', { cookie })).statusCode).toBe(200);
    expect((await send('POST', '/api/auth/reauthenticate', {}, { password: 'x' })).statusCode).toBe(401);
  });
});

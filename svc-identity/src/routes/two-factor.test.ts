import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner, registerUser, type TSignedIn } from '../test/factories/user.factory.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity({ LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20' });
});
afterAll(async () => {
  await h?.stop();
});

/** The code an authenticator app shows `steps` 30-second steps from now, computed with the same library. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const cookieOf = (setCookie: string | string[] | undefined, name: string) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`)) ?? null;
};

/** Set-up and confirmation through the API; the confirmation uses the previous step's code. */
async function enrol(user: TSignedIn) {
  const setup = await h.app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers: user.auth });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await h.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/confirm',
    headers: user.auth,
    payload: { code: codeAt(secret, -1) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Password sign-in of an account with two-factor: the challenge cookie, and no session. */
async function startChallenge(user: TSignedIn) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.user.email, password: user.password },
  });
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  expect(cookieOf(res.headers['set-cookie'], 'df_session')).toBeNull();
  const cookie = cookieOf(res.headers['set-cookie'], 'df_2fa');
  expect(cookie).not.toBeNull();
  return { cookie: (cookie ?? '').split(';')[0] ?? '', raw: cookie ?? '' };
}

const verify = (cookie: string | null, payload: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor',
    headers: cookie ? { cookie } : {},
    payload,
  });

const status = async (user: { auth: { cookie: string } }) =>
  (await h.app.inject({ method: 'GET', url: '/api/user/two-factor', headers: user.auth })).json() as {
    enabled: boolean;
    recoveryCodesRemaining: number;
    requiredByOrganization: boolean;
  };

describe('enrolment', () => {
  it('answers the secret as text and a QR code, keeps it sealed and unconfirmed until a right code', async () => {
    const user = await registerOwner(h);
    const setup = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/setup',
      headers: user.auth,
    });
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/DealFlow:/);
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCodeDataUrl.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    const [row] = await h.svc.ctx.orm.em
      .getConnection()
      .execute<{ secret_sealed: string; confirmed_at: Date | null }[]>(
        'select secret_sealed, confirmed_at from two_factor_credentials where user_id = ?',
        [user.user.id],
      );
    expect(row?.secret_sealed).toMatch(/^v1\./);
    expect(row?.secret_sealed).not.toContain(body.secret);
    expect(row?.confirmed_at).toBeNull();
    expect((await status(user)).enabled).toBe(false);

    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      headers: user.auth,
      payload: { code: String((Number(codeAt(body.secret)) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid code. Please try again.');

    const confirm = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      headers: user.auth,
      payload: { code: codeAt(body.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const stored = await h.svc.ctx.orm.em
      .getConnection()
      .execute<{ code_hash: string }[]>('select code_hash from two_factor_recovery_codes where user_id = ?', [
        user.user.id,
      ]);
    expect(stored).toHaveLength(10);
    const digests = stored.map((r: { code_hash: string }) => r.code_hash).join(' ');
    for (const code of recoveryCodes) expect(digests).not.toContain(code.replace('-', ''));
    expect(await status(user)).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });

    const again = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/setup',
      headers: user.auth,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('sign-in challenge', () => {
  it('gives no session after the password, then a session for a code; the same code is refused after', async () => {
    const user = await registerOwner(h);
    const { secret } = await enrol(user);
    const first = await startChallenge(user);
    expect(first.raw).toMatch(/HttpOnly/i);
    expect(first.raw).toMatch(/SameSite=Strict/i);
    expect(first.raw).toMatch(/Path=\/api\/auth\/two-factor/);

    // The code alone, without the browser's challenge, signs no one in.
    const code = codeAt(secret);
    const noCookie = await verify(null, { code });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().message).toBe('Your sign-in has expired. Please sign in again.');

    const ok = await verify(first.cookie, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(user.user.email);
    const session = cookieOf(ok.headers['set-cookie'], 'df_session')?.split(';')[0] ?? '';
    expect(session).toMatch(/^df_session=/);
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json().twoFactorEnrolmentRequired).toBeUndefined();

    // The challenge was single use.
    expect((await verify(first.cookie, { code: codeAt(secret, 1) })).statusCode).toBe(401);

    // Replay: the same code, within its window, on a fresh challenge.
    const second = await startChallenge(user);
    const replay = await verify(second.cookie, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This code has already been used. Wait for the next one in your app.');
    expect((await verify(second.cookie, { code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const user = await registerOwner(h);
    const { recoveryCodes } = await enrol(user);
    const [code] = recoveryCodes as [string];
    const first = await startChallenge(user);
    const ok = await verify(first.cookie, { recoveryCode: ` ${code.toLowerCase().replace('-', '')} ` });
    expect(ok.statusCode).toBe(200);
    const session = { cookie: cookieOf(ok.headers['set-cookie'], 'df_session')?.split(';')[0] ?? '' };
    expect((await status({ auth: session })).recoveryCodesRemaining).toBe(9);
    const notice = (await h.readOutbox()).find(
      (m) => m.to === user.user.email && m.kind === 'two-factor-recovery-code-used',
    );
    expect(notice?.text).toContain('9 unused codes are left');

    const second = await startChallenge(user);
    const reused = await verify(second.cookie, { recoveryCode: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('Invalid or already used recovery code.');
    expect((await verify(second.cookie, { recoveryCode: recoveryCodes[1] ?? '' })).statusCode).toBe(200);
  });

  it('counts wrong codes on the password throttle (the password alone does not reset it) and emails the owner', async () => {
    const user = await registerOwner(h);
    const { secret } = await enrol(user);
    const wrongCode = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const first = await startChallenge(user);
    expect((await verify(first.cookie, { code: wrongCode })).statusCode).toBe(401);
    expect((await verify(first.cookie, { code: wrongCode })).statusCode).toBe(401);
    // A correct password again: the pair's count stays at two.
    const second = await startChallenge(user);
    expect((await verify(second.cookie, { code: wrongCode })).statusCode).toBe(401);
    // Three failures of this account from this address: paused, even with the right code or password.
    const blocked = await verify(second.cookie, { code: codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    expect(login.statusCode).toBe(429);
    const mails = (await h.readOutbox()).filter(
      (m) => m.to === user.user.email && m.kind === 'two-factor-throttled',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('someone knows your password');
  });
});

describe('a challenge guessed at from many addresses', () => {
  it('is dropped after five wrong codes: the right code then needs the password again', async () => {
    const user = await registerOwner(h);
    const { secret } = await enrol(user);
    const wrongCode = String((Number(codeAt(secret)) + 250_000) % 1_000_000).padStart(6, '0');
    const { cookie } = await startChallenge(user);
    // Each from its own address (the gateway's X-Forwarded-For hop), so no per-address pause engages first.
    const attempt = (code: string, ip: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor',
        headers: { cookie, 'x-forwarded-for': ip },
        payload: { code },
      });
    for (let i = 1; i <= 4; i++) expect((await attempt(wrongCode, `198.51.100.${i}`)).statusCode).toBe(401);
    const fifth = await attempt(wrongCode, '198.51.100.5');
    expect(fifth.json().message).toBe('Too many wrong codes. Please sign in again.');
    const late = await attempt(codeAt(secret), '198.51.100.6');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password to turn off; sign-in then needs no code', async () => {
    const user = await registerOwner(h);
    await enrol(user);
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/disable',
      headers: user.auth,
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Incorrect password');
    const noPassword = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/disable',
      headers: user.auth,
      payload: {},
    });
    expect(noPassword.statusCode).toBe(400);
    expect((await status(user)).enabled).toBe(true);

    const off = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/disable',
      headers: user.auth,
      payload: { password: user.password },
    });
    expect(off.statusCode).toBe(200);
    expect((await status(user)).enabled).toBe(false);
    expect(
      (await h.readOutbox()).some((m) => m.to === user.user.email && m.kind === 'two-factor-disabled'),
    ).toBe(true);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(cookieOf(login.headers['set-cookie'], 'df_session')).not.toBeNull();
  });

  it('replaces the recovery codes after a current code, and the old ones stop working', async () => {
    const user = await registerOwner(h);
    const { secret, recoveryCodes } = await enrol(user);
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      headers: user.auth,
      payload: { code: String((Number(codeAt(secret)) + 3) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      headers: user.auth,
      payload: { code: codeAt(secret) },
    });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    const challenge = await startChallenge(user);
    expect((await verify(challenge.cookie, { recoveryCode: recoveryCodes[0] ?? '' })).statusCode).toBe(401);
    expect((await verify(challenge.cookie, { recoveryCode: fresh[0] ?? '' })).statusCode).toBe(200);
  });
});

describe('required by the organization', () => {
  it('holds members without two-factor at the enrolment routes until they enrol', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const require = () =>
      h.app.inject({
        method: 'PUT',
        url: '/api/organization/two-factor',
        headers: owner.auth,
        payload: { required: true },
      });
    const ownerFirst = await require();
    expect(ownerFirst.statusCode).toBe(409);
    expect(ownerFirst.json().message).toMatch(/your own account first/);

    await enrol(owner);
    const set = await require();
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ required: true, membersWithoutTwoFactor: 1 });
    const byMember = await h.app.inject({
      method: 'PUT',
      url: '/api/organization/two-factor',
      headers: member.auth,
      payload: { required: false },
    });
    expect(byMember.statusCode).toBe(403);

    // The member's next requests: /me says so, other routes are refused, the other services get no identity.
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().twoFactorEnrolmentRequired).toBe(true);
    const members = await h.app.inject({
      method: 'GET',
      url: '/api/organization/members',
      headers: member.auth,
    });
    expect(members.statusCode).toBe(403);
    expect(members.json().message).toBe(
      'Your organization requires two-factor sign-in. Set it up to continue.',
    );
    const introspect = () =>
      h.app.inject({
        method: 'POST',
        url: '/internal/sessions/introspect',
        headers: { 'x-internal-token': h.config.INTERNAL_API_TOKEN },
        payload: { token: member.token, via: 'cookie' },
      });
    expect((await introspect()).statusCode).toBe(401);
    expect((await status(member)).requiredByOrganization).toBe(true);
    // A fresh sign-in by password lands in the same place.
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.user.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().twoFactorEnrolmentRequired).toBeUndefined();

    await enrol(member);
    const after = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });
    expect(after.json().twoFactorEnrolmentRequired).toBeUndefined();
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/organization/members', headers: member.auth }))
        .statusCode,
    ).toBe(200);
    expect((await introspect()).statusCode).toBe(200);
    const org = await h.app.inject({
      method: 'GET',
      url: '/api/organization/two-factor',
      headers: owner.auth,
    });
    expect(org.json()).toEqual({ required: true, membersWithoutTwoFactor: 0 });
  });

  it('lets such a member sign out, and a visitor sign in from the same browser', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    await enrol(owner);
    await h.app.inject({
      method: 'PUT',
      url: '/api/organization/two-factor',
      headers: owner.auth,
      payload: { required: true },
    });
    const other = await registerUser(h);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: member.auth,
      payload: { email: other.user.email, password: other.password },
    });
    expect(login.statusCode).toBe(200);
    const logout = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.auth });
    expect(logout.statusCode).toBe(200);
  });
});

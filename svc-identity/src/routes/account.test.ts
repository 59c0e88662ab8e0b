import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import {
  inviteAndReadToken,
  issueProgramBearer,
  login,
  readEmailLinkToken,
  registerOwner,
  registerUser,
  uniqueEmail,
  verifyEmail,
  type TSignedIn,
} from '../test/factories/user.factory.js';
import { describeUserAgent } from '../use-cases/list-sessions.js';
import { ACCOUNT_MAIL_LIMITS } from '../security/account-throttle.js';

const SUPPORT = 'help@dealflow.test';
let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity({ SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => {
  await h?.stop();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let ipSequence = 0;
/** Each test its own client address, so the per-IP mail limit of one test does not reach the next. */
const freshIp = () => `198.51.100.${++ipSequence}`;

const me = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const listSessions = (user: { auth: Record<string, string> }) =>
  h.app.inject({ method: 'GET', url: '/api/account/sessions', headers: user.auth });
const emailStatus = (user: TSignedIn) =>
  h.app.inject({ method: 'GET', url: '/api/account/email', headers: user.auth });
const confirm = (token: string) =>
  h.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
const resend = (user: TSignedIn, ip = '192.0.2.1') =>
  h.app.inject({
    method: 'POST',
    url: '/api/account/email/verification',
    headers: { ...user.auth, 'x-forwarded-for': ip },
  });
const requestChange = (user: TSignedIn, newEmail: string, password = user.password, ip = freshIp()) =>
  h.app.inject({
    method: 'POST',
    url: '/api/account/email/change',
    headers: { ...user.auth, 'x-forwarded-for': ip },
    payload: { newEmail, password },
  });
const mailsTo = async (to: string, kind: string) =>
  (await h.readOutbox()).filter((m) => m.to === to && m.kind === kind);

type TListed = {
  id: number;
  kind: string;
  device: string | null;
  ip: string | null;
  isCurrent: boolean;
  createdAt: string;
  lastSeenAt: string;
};

describe('your sessions', () => {
  it('lists only the caller’s live sessions: device in plain words, IP, kind, created, last seen, this device', async () => {
    const ada = await registerUser(h);
    const laptop = await login(h, ada.user.email, ada.password, {
      'user-agent': CHROME_WINDOWS,
      'x-forwarded-for': '203.0.113.7',
    });
    const phone = await login(h, ada.user.email, ada.password, {
      'user-agent': SAFARI_IPHONE,
      'x-forwarded-for': '203.0.113.8',
    });
    await issueProgramBearer(h, ada.user.id);
    const grace = await registerUser(h);
    await login(h, grace.user.email, grace.password, { 'user-agent': CHROME_WINDOWS });

    const res = await listSessions(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.json().sessions as TListed[];
    // Registration's, the laptop's, the phone's and the program's: none of Grace's.
    expect(sessions).toHaveLength(4);
    const current = sessions.filter((s) => s.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      kind: 'browser',
      device: 'Chrome 131 on Windows 10',
      ip: '203.0.113.7',
    });
    expect(sessions.find((s) => s.ip === '203.0.113.8')).toMatchObject({
      kind: 'browser',
      device: 'Safari 17 on iPhone',
      isCurrent: false,
    });
    expect(sessions.filter((s) => s.kind === 'bearer')).toHaveLength(1);
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    // The phone sees the same list with itself marked.
    const fromPhone = (await listSessions(phone)).json().sessions as TListed[];
    expect(fromPhone.find((s) => s.isCurrent)?.ip).toBe('203.0.113.8');
    expect((await h.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it('does not list a session past its idle timeout or its absolute end', async () => {
    const ada = await registerUser(h);
    const idle = await login(h, ada.user.email, ada.password);
    const old = await login(h, ada.user.email, ada.password);
    const hash = (t: string) => createHash('sha256').update(t).digest('hex');
    await h.query(`update sessions set last_seen_at = now() - interval '30 days' where token_hash = ?`, [
      hash(idle.token),
    ]);
    await h.query(`update sessions set expires_at = now() - interval '1 minute' where token_hash = ?`, [
      hash(old.token),
    ]);
    const sessions = (await listSessions(ada)).json().sessions as TListed[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.isCurrent).toBe(true);
  });

  it('revokes one session: it stops working at once; the others go on', async () => {
    const ada = await registerUser(h);
    const stolen = await login(h, ada.user.email, ada.password, { 'x-forwarded-for': '203.0.113.66' });
    expect((await me(stolen.auth)).statusCode).toBe(200);
    const target = ((await listSessions(ada)).json().sessions as TListed[]).find(
      (s) => s.ip === '203.0.113.66',
    )!;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revoked: 1 });
    expect((await me(stolen.auth)).statusCode).toBe(401);
    expect((await me(ada.auth)).statusCode).toBe(200);
    // Already ended: 404.
    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: ada.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('never shows nor revokes another user’s session, in the same organization or not (404, and it lives on)', async () => {
    const owner = await registerOwner(h);
    const { token } = await inviteAndReadToken(h, owner, uniqueEmail('member'));
    const joined = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'Grace Member', password: 'member password 1' },
    });
    const memberCookie = /df_session=[^;]+/.exec(String(joined.headers['set-cookie']))?.[0] ?? '';
    const stranger = await registerUser(h);
    const ownerSessionIds = ((await listSessions(owner)).json().sessions as TListed[]).map((s) => s.id);

    for (const attacker of [{ auth: { cookie: memberCookie } }, stranger]) {
      const theirs = ((await listSessions(attacker)).json().sessions as TListed[]).map((s) => s.id);
      expect(theirs.some((id) => ownerSessionIds.includes(id))).toBe(false);
      for (const id of ownerSessionIds) {
        const res = await h.app.inject({
          method: 'DELETE',
          url: `/api/account/sessions/${id}`,
          headers: attacker.auth,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'This session does not exist or has already ended.' });
      }
      const others = await h.app.inject({
        method: 'POST',
        url: '/api/account/sessions/revoke-others',
        headers: attacker.auth,
      });
      expect(others.statusCode).toBe(200);
    }
    expect((await me(owner.auth)).statusCode).toBe(200);
    expect(((await listSessions(owner)).json().sessions as TListed[]).map((s) => s.id)).toEqual(
      ownerSessionIds,
    );
  });

  it('signs out everywhere else: every other session ends, this one goes on', async () => {
    const ada = await registerUser(h);
    const others = [
      await login(h, ada.user.email, ada.password),
      await login(h, ada.user.email, ada.password),
    ];
    const bearer = await issueProgramBearer(h, ada.user.id);
    const grace = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revoked: 3 });
    for (const other of others) expect((await me(other.auth)).statusCode).toBe(401);
    expect((await me(bearer)).statusCode).toBe(401);
    expect((await me(ada.auth)).statusCode).toBe(200);
    expect((await me(grace.auth)).statusCode).toBe(200);
    expect((await listSessions(ada)).json().sessions).toHaveLength(1);
  });

  it('revoking the current session signs out: the cookie is cleared and the session ends', async () => {
    const ada = await registerUser(h);
    const current = ((await listSessions(ada)).json().sessions as TListed[]).find((s) => s.isCurrent)!;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current.id}`,
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/df_session=;/);
    expect((await me(ada.auth)).statusCode).toBe(401);
  });

  it('describes user agents in plain words, and programs as they name themselves', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toBe('Chrome 131 on Windows 10');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari 17 on iPhone');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133 on Linux',
    );
    expect(describeUserAgent('svc-billing auto-login')).toBe('svc-billing auto-login');
    expect(describeUserAgent('x'.repeat(200))).toHaveLength(60);
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('  ')).toBeNull();
  });
});

describe('email verification (issue 15)', () => {
  it('registration emails a link; until it is followed the account is unverified and cannot invite', async () => {
    const owner = await registerOwner(h, { verified: false });
    expect(owner.user.emailVerified).toBe(false);
    expect((await me(owner.auth)).json().user.emailVerified).toBe(false);
    expect((await emailStatus(owner)).json()).toMatchObject({
      email: owner.user.email,
      verified: false,
      verifiedAt: null,
      pendingEmail: null,
    });
    const [mail] = await mailsTo(owner.user.email, 'verify-email');
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.text).toMatch(/http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]{43}/);

    const invite = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Grace', email: uniqueEmail('invitee'), role: 'member' },
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().message).toBe(
      'Please verify your email address first: use the link we sent you, or send a new one.',
    );

    const token = await readEmailLinkToken(h, owner.user.email, 'verify-email');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'verified',
      email: owner.user.email,
      message: 'Your email address is verified.',
    });
    expect((await me(owner.auth)).json().user.emailVerified).toBe(true);
    expect((await emailStatus(owner)).json().verified).toBe(true);
    // Single use.
    expect((await confirm(token)).statusCode).toBe(404);
    // Now the owner can invite.
    await inviteAndReadToken(h, owner, uniqueEmail('invitee'));
  });

  it('keeps only the hash of the link’s token', async () => {
    const ada = await registerUser(h, { verified: false });
    const token = await readEmailLinkToken(h, ada.user.email, 'verify-email');
    const rows = await h.query<{ token_hash: string }>(
      'select token_hash from email_verification_tokens where user_id = ?',
      [ada.user.id],
    );
    expect(rows.map((r) => r.token_hash.trim())).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });

  it('answers 410 for an expired link and 404 for an unknown one', async () => {
    const ada = await registerUser(h, { verified: false });
    const token = await readEmailLinkToken(h, ada.user.email, 'verify-email');
    await h.query(
      `update email_verification_tokens set expires_at = now() - interval '1 second' where user_id = ?`,
      [ada.user.id],
    );
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This link has expired. Please request a new one.' });
    expect((await me(ada.auth)).json().user.emailVerified).toBe(false);
    expect((await confirm('A'.repeat(43))).statusCode).toBe(404);
    expect((await confirm('not a token, but long enough')).statusCode).toBe(404);
    expect((await confirm('short')).statusCode).toBe(400);
  });

  it('Resend sends a new link (the old one stops working); limited per user and answered 409 once verified', async () => {
    const ada = await registerUser(h, { verified: false });
    const first = await readEmailLinkToken(h, ada.user.email, 'verify-email');
    const ip = freshIp();
    const res = await resend(ada, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'We sent a new verification link. It works for 1 hour.',
    });
    const second = await readEmailLinkToken(h, ada.user.email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(404);

    for (let i = 1; i < ACCOUNT_MAIL_LIMITS.perUserPerHour; i += 1)
      expect((await resend(ada, ip)).statusCode).toBe(200);
    const limited = await resend(ada, freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many emails requested. Please try again in an hour.' });
    expect(await mailsTo(ada.user.email, 'verify-email')).toHaveLength(
      1 + ACCOUNT_MAIL_LIMITS.perUserPerHour,
    );

    await verifyEmail(h, ada.user.email);
    const done = await resend(ada, freshIp());
    expect(done.statusCode).toBe(409);
    expect((await h.app.inject({ method: 'POST', url: '/api/account/email/verification' })).statusCode).toBe(
      401,
    );
  });

  it('Resend is limited per IP across accounts', async () => {
    const ip = freshIp();
    let answered = 0;
    let refused = 0;
    for (let i = 0; i <= ACCOUNT_MAIL_LIMITS.perIpPerHour / 2; i += 1) {
      const user = await registerUser(h, { verified: false });
      for (const status of [(await resend(user, ip)).statusCode, (await resend(user, ip)).statusCode]) {
        if (status === 200) answered += 1;
        if (status === 429) refused += 1;
      }
    }
    expect(answered).toBe(ACCOUNT_MAIL_LIMITS.perIpPerHour);
    expect(refused).toBe(2);
  });

  it('accepting an invitation verifies the address (the link reached it)', async () => {
    const owner = await registerOwner(h);
    const grace = await registerUser(h, { verified: false });
    const { token } = await inviteAndReadToken(h, owner, grace.user.email);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/invitations/accept?token=${token}`,
      headers: grace.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(grace.auth)).json().user.emailVerified).toBe(true);
  });

  it('an account created from an invitation is verified from the start', async () => {
    const owner = await registerOwner(h);
    const email = uniqueEmail('invited');
    const { token } = await inviteAndReadToken(h, owner, email);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'Grace Member', password: 'member password 1' },
    });
    expect(res.json().user.emailVerified).toBe(true);
    expect(await mailsTo(email, 'verify-email')).toHaveLength(0);
  });

  it('the identity JWT tells the services whether the address is verified (claim ev)', async () => {
    const ada = await registerUser(h, { verified: false });
    const claims = async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/internal/sessions/introspect',
        headers: h.internalHeaders,
        payload: { token: ada.token, via: 'cookie' },
      });
      const jwt = res.json().identityToken as string;
      return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { ev: boolean };
    };
    expect((await claims()).ev).toBe(false);
    await verifyEmail(h, ada.user.email);
    expect((await claims()).ev).toBe(true);
  });
});

describe('email change (issue 12)', () => {
  it('the profile route no longer changes the email: 400, and the address stays', async () => {
    const ada = await registerUser(h);
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: ada.auth,
      payload: { name: 'Ada Renamed', email: uniqueEmail('direct') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/needs your password and a link sent to the new address/);
    const user = (await me(ada.auth)).json().user;
    expect(user).toMatchObject({ email: ada.user.email, name: 'Ada Owner' });
  });

  it('needs the password, a new and free address; a link goes to the new address and the old one is told', async () => {
    const ada = await registerUser(h);
    const other = await registerUser(h);
    const newEmail = uniqueEmail('moved');

    const wrong = await requestChange(ada, newEmail, 'not the password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Incorrect password' });
    expect((await requestChange(ada, other.user.email)).statusCode).toBe(409);
    expect((await requestChange(ada, ada.user.email)).statusCode).toBe(400);
    expect((await requestChange(ada, 'not-an-email')).statusCode).toBe(400);
    expect(await mailsTo(newEmail, 'confirm-new-email')).toHaveLength(0);

    const res = await requestChange(ada, newEmail.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ email: ada.user.email, verified: true, pendingEmail: newEmail });
    const expiresIn = Date.parse(res.json().pendingExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    // Until the link is followed the old address stays, for sign-in too.
    expect((await me(ada.auth)).json().user.email).toBe(ada.user.email);
    await login(h, ada.user.email, ada.password);

    const [link] = await mailsTo(newEmail, 'confirm-new-email');
    expect(link?.subject).toBe('Confirm your new email address');
    const [notice] = await mailsTo(ada.user.email, 'email-change-requested');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain(`write to ${SUPPORT}`);
  });

  it('the link to the new address changes the email: sign-in moves, the old address is told, the link is spent', async () => {
    const ada = await registerUser(h);
    const oldEmail = ada.user.email;
    const newEmail = uniqueEmail('moved');
    expect((await requestChange(ada, newEmail)).statusCode).toBe(202);
    const token = await readEmailLinkToken(h, newEmail, 'confirm-new-email');

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'changed',
      email: newEmail,
      message: 'Your email address has been changed. Use it to sign in from now on.',
    });
    expect((await me(ada.auth)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await emailStatus(ada)).json()).toMatchObject({ email: newEmail, pendingEmail: null });
    await login(h, newEmail, ada.password);
    const oldLogin = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: oldEmail, password: ada.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const [done] = await mailsTo(oldEmail, 'email-changed');
    expect(done?.subject).toBe('Your email address was changed');
    expect(done?.text).toContain(newEmail);
    expect(done?.text).toContain(SUPPORT);
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it('a newer request or a cancel makes the earlier link useless', async () => {
    const ada = await registerUser(h);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(ada, first);
    const firstToken = await readEmailLinkToken(h, first, 'confirm-new-email');
    await requestChange(ada, second);
    const secondToken = await readEmailLinkToken(h, second, 'confirm-new-email');
    expect((await confirm(firstToken)).statusCode).toBe(404);

    const cancel = await h.app.inject({
      method: 'DELETE',
      url: '/api/account/email/change',
      headers: ada.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ email: ada.user.email, pendingEmail: null });
    expect((await confirm(secondToken)).statusCode).toBe(404);
    expect((await me(ada.auth)).json().user.email).toBe(ada.user.email);
  });

  it('refuses the link (409) when the address got an account meanwhile', async () => {
    const ada = await registerUser(h);
    const wanted = uniqueEmail('wanted');
    await requestChange(ada, wanted);
    const token = await readEmailLinkToken(h, wanted, 'confirm-new-email');
    await registerUser(h, { email: wanted, verified: false });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect((await me(ada.auth)).json().user.email).toBe(ada.user.email);
  });

  it('changing the address of an unverified account also verifies it (the link reached the new one)', async () => {
    const ada = await registerUser(h, { verified: false });
    const newEmail = uniqueEmail('fixed-typo');
    await requestChange(ada, newEmail);
    // The old verification link proves nothing once the address has changed.
    const oldVerify = await readEmailLinkToken(h, ada.user.email, 'verify-email');
    await confirm(await readEmailLinkToken(h, newEmail, 'confirm-new-email'));
    expect((await me(ada.auth)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await confirm(oldVerify)).statusCode).toBe(404);
  });

  it('is limited per user like Resend', async () => {
    const ada = await registerUser(h);
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perUserPerHour; i += 1)
      expect((await requestChange(ada, uniqueEmail('try'), ada.password, ip)).statusCode).toBe(202);
    expect((await requestChange(ada, uniqueEmail('try'), ada.password, ip)).statusCode).toBe(429);
  });
});

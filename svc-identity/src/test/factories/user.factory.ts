import type { TSession } from '@dealflow/contracts';
import { createSession } from '../../repositories/session.repository.js';
import type { TIdentityTest } from '../identity.js';

let sequence = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${Date.now().toString(36)}.${++sequence}@example.test`;

export interface TSignedIn extends TSession {
  /** The session token, read from the HttpOnly cookie (the only place a browser session travels). */
  token: string;
  cookie: string;
  password: string;
  /** Headers authenticating as this user the way a browser does: the df_session cookie. */
  auth: { cookie: string };
}

const toSignedIn = (
  body: TSession,
  setCookie: string | string[] | undefined,
  password: string,
): TSignedIn => {
  const raw = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const cookie = /df_session=[^;]+/.exec(raw)?.[0] ?? '';
  return {
    ...body,
    token: cookie.slice('df_session='.length),
    cookie,
    password,
    auth: { cookie },
  };
};

/** The token of the newest emailed link of `kind` to `to` (verify-email, confirm-new-email). */
export async function readEmailLinkToken(h: TIdentityTest, to: string, kind: string): Promise<string> {
  const mail = (await h.readOutbox()).filter((m) => m.to === to && m.kind === kind).at(-1);
  const link = mail ? /https?:\/\/\S+verify-email\?token=\S+/.exec(mail.text)?.[0] : undefined;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no ${kind} email with a link to ${to}`);
  return token;
}

/** Follows the verification link the registration emailed (as its owner would). */
export async function verifyEmail(h: TIdentityTest, email: string): Promise<void> {
  const token = await readEmailLinkToken(h, email, 'verify-email');
  const res = await h.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/**
 * Registers an account through the API (with an organization when organizationName is given) and, unless
 * `verified: false`, follows the emailed verification link: inviting needs a verified address (issue 15).
 */
export async function registerUser(
  h: TIdentityTest,
  overrides: Partial<{
    email: string;
    password: string;
    name: string;
    organizationName: string;
    verified: boolean;
  }> = {},
): Promise<TSignedIn> {
  const { verified = true, ...fields } = overrides;
  const password = fields.password ?? 'correct horse battery';
  const payload = { email: uniqueEmail(), name: 'Ada Owner', password, ...fields };
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const signedIn = toSignedIn(res.json(), res.headers['set-cookie'], password);
  if (!verified) return signedIn;
  await verifyEmail(h, signedIn.user.email);
  return { ...signedIn, user: { ...signedIn.user, emailVerified: true } };
}

export const registerOwner = (
  h: TIdentityTest,
  overrides: Partial<{ email: string; password: string; name: string; verified: boolean }> = {},
) => registerUser(h, { organizationName: 'Acme Ventures', ...overrides });

export async function login(
  h: TIdentityTest,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return toSignedIn(res.json(), res.headers['set-cookie'], password);
}

/** Owner invites `email`; returns the token taken from the emailed link. */
export async function inviteAndReadToken(
  h: TIdentityTest,
  owner: TSignedIn,
  email: string,
  role: 'owner' | 'member' = 'member',
) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/organization/invite',
    headers: owner.auth,
    payload: { name: 'Grace Member', email, role },
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const mails = await h.readOutbox();
  const mail = mails.filter((m) => m.to === email && m.kind === 'invitation').at(-1);
  const token = mail
    ? new URL(
        /https?:\/\/\S+accept-invitation\?token=\S+/.exec(mail.text)?.[0] ?? 'http://x',
      ).searchParams.get('token')
    : null;
  if (!token) throw new Error('no invitation email with a token');
  return { invitation: res.json() as { id: number }, token };
}

/** A member who joined the owner's organization through an invitation. */
export async function addMember(
  h: TIdentityTest,
  owner: TSignedIn,
  role: 'owner' | 'member' = 'member',
): Promise<TSignedIn> {
  const email = uniqueEmail('member');
  const { token } = await inviteAndReadToken(h, owner, email, role);
  const password = 'member password 1';
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/complete-profile',
    payload: { token, name: 'Grace Member', password },
  });
  if (res.statusCode !== 201) throw new Error(`complete-profile failed: ${res.statusCode} ${res.body}`);
  return toSignedIn(res.json(), res.headers['set-cookie'], password);
}

/**
 * A session issued to a program for the Authorization header (kind `bearer`). No route issues one yet (API
 * keys are another issue's); the tests create it through the repository as such a route would.
 */
export async function issueProgramBearer(
  h: TIdentityTest,
  userId: number,
): Promise<{ authorization: string }> {
  const em = h.svc.ctx.orm.em.fork();
  const { token } = createSession(em, userId, 1, {}, 'bearer');
  await em.flush();
  return { authorization: `Bearer ${token}` };
}

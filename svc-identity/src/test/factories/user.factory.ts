import type { TSession } from '@dealflow/contracts';
import type { TIdentityTest } from '../identity.js';

let sequence = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${Date.now().toString(36)}.${++sequence}@example.test`;

export interface TSignedIn extends TSession {
  token: string;
  cookie: string;
  password: string;
  /** Headers authenticating as this user with the bearer token (the seed's client). */
  auth: { authorization: string };
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
    token: body.sessionId,
    cookie,
    password,
    auth: { authorization: `Bearer ${body.sessionId}` },
  };
};

/** Registers an account through the API (with an organization when organizationName is given). */
export async function registerUser(
  h: TIdentityTest,
  overrides: Partial<{ email: string; password: string; name: string; organizationName: string }> = {},
): Promise<TSignedIn> {
  const password = overrides.password ?? 'correct horse battery';
  const payload = { email: uniqueEmail(), name: 'Ada Owner', password, ...overrides };
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return toSignedIn(res.json(), res.headers['set-cookie'], password);
}

export const registerOwner = (
  h: TIdentityTest,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
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

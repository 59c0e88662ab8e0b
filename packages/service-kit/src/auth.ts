import { createHash, timingSafeEqual } from 'node:crypto';
import type { TApiKeyScope, TRole } from '@dealflow/contracts';
import { KitError } from './errors.js';

/** Who is calling, as the gateway's x-identity-token (signed by identity) says. */
export interface Identity {
  userId: number;
  orgId: number | null;
  role: TRole;
  email: string;
  name: string;
  sessionId: string;
  /**
   * The account's email address is proven (claim `ev`). Unverified accounts may sign in but not buy, invite
   * or be linked by Google (issue 15); a token without the claim counts as unverified.
   */
  emailVerified: boolean;
  /**
   * This session was opened by a guest checkout's auto-login (claim `uv`), not by a sign-in: it has not proven
   * it holds the account's address. It cannot change billing, open the portal, enrol or disable two-factor,
   * create API keys or invite (issue 20). A token without the claim is a normal session.
   */
  sessionUnverified: boolean;
  /**
   * When this session last proved the password or a fresh sign-in (claim `aat`, epoch seconds); null when
   * unknown. Re-authentication-gated actions need it within REAUTH_WINDOW_MS (issue 20).
   */
  authenticatedAt: Date | null;
  /** Set when an organization API key, not a person's session, authenticated the request. */
  apiKey?: TApiKeyActor;
}

/** An organization API key as the actor of a request: its public id and scope. */
export interface TApiKeyActor {
  id: string;
  scope: TApiKeyScope;
}

export interface IdentityClaims {
  sub: string;
  org: number | null;
  role: TRole;
  email: string;
  name: string;
  sid: string;
  /** Email verified (absent: not verified). */
  ev?: boolean;
  /** Session unverified (guest checkout auto-login); absent: a normal session. */
  uv?: boolean;
  /** Authenticated at: epoch seconds of the session's last password check or sign-in. */
  aat?: number;
  /** `api_key` when an organization API key authenticated the request (absent for sessions). */
  kind?: 'api_key';
  /** The API key's public id and scope (with kind `api_key`). */
  kid?: string;
  scope?: TApiKeyScope;
}

export const IDENTITY_TOKEN_HEADER = 'x-identity-token';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const JWT_ISSUER = 'dealflow-identity';
export const SESSION_COOKIE = 'df_session';

export const claimsToIdentity = (c: IdentityClaims): Identity => ({
  userId: Number(c.sub),
  orgId: c.org ?? null,
  role: c.role,
  email: c.email,
  name: c.name,
  sessionId: c.sid,
  emailVerified: c.ev === true,
  sessionUnverified: c.uv === true,
  authenticatedAt: typeof c.aat === 'number' ? new Date(c.aat * 1000) : null,
  ...(c.kind === 'api_key' && c.kid && c.scope ? { apiKey: { id: c.kid, scope: c.scope } } : {}),
});

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Constant-time comparison of secrets of any length. */
export const safeEqual = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated writes (fetch metadata, as OWASP recommends): a write that carries
 * the session cookie is cross-site when the browser says so in Sec-Fetch-Site, or, from browsers without
 * it, when Origin is present and is not the public origin. The Authorization header is not looked at: a
 * browser attaches `Basic` credentials (and a cookie) to a forged request by itself, so only the caller
 * knows whether the request was authenticated by a valid Bearer token rather than by the cookie. Callers
 * skip this check only for a request that a valid Bearer token authenticated.
 */
export function isCrossSiteRequest(
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  publicUrl: string,
): boolean {
  if (!UNSAFE.has(request.method.toUpperCase())) return false;
  const cookie = request.headers.cookie;
  if (typeof cookie !== 'string' || !cookie.includes(`${SESSION_COOKIE}=`)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== new URL(publicUrl).origin;
}

/** How recent a password check or sign-in must be for re-authentication-gated actions (issue 20). */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

/** The session proved the password or signed in within REAUTH_WINDOW_MS (an API key never counts). */
export const isRecentlyAuthenticated = (
  actor: Pick<Identity, 'authenticatedAt' | 'apiKey'>,
  now = Date.now(),
) =>
  !actor.apiKey &&
  actor.authenticatedAt !== null &&
  now - actor.authenticatedAt.getTime() <= REAUTH_WINDOW_MS &&
  actor.authenticatedAt.getTime() <= now + 60_000;

/** Refuses a session opened by a guest checkout's auto-login until its address is confirmed (KitError). */
export function requireVerifiedSession(actor: Pick<Identity, 'sessionUnverified'>): void {
  if (actor.sessionUnverified) throw new KitError('SESSION_UNVERIFIED');
}

/** Refuses unless the session re-authenticated within REAUTH_WINDOW_MS (KitError REAUTH_REQUIRED, 403). */
export function requireRecentAuthentication(
  actor: Pick<Identity, 'authenticatedAt' | 'apiKey'>,
  now = Date.now(),
): void {
  if (!isRecentlyAuthenticated(actor, now)) throw new KitError('REAUTH_REQUIRED');
}

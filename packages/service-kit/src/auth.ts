import { createHash, timingSafeEqual } from 'node:crypto';
import type { TApiKeyScope, TRole } from '@dealflow/contracts';

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

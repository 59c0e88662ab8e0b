import { createHash, timingSafeEqual } from 'node:crypto';
import type { TRole } from '@dealflow/contracts';

/** Who is calling, as the gateway's x-identity-token (signed by identity) says. */
export interface Identity {
  userId: number;
  orgId: number | null;
  role: TRole;
  email: string;
  name: string;
  sessionId: string;
}

export interface IdentityClaims {
  sub: string;
  org: number | null;
  role: TRole;
  email: string;
  name: string;
  sid: string;
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
});

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Constant-time comparison of secrets of any length. */
export const safeEqual = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated writes (fetch metadata, as OWASP recommends): a write that relies
 * on the session cookie (no Authorization header) is cross-site when the browser says so in
 * Sec-Fetch-Site, or, from browsers without it, when Origin is present and is not the public origin.
 * Bearer-authenticated requests cannot be forged by another site and pass.
 */
export function isCrossSiteRequest(
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  publicUrl: string,
): boolean {
  if (!UNSAFE.has(request.method.toUpperCase())) return false;
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  if (typeof cookie !== 'string' || !cookie.includes(`${SESSION_COOKIE}=`)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== new URL(publicUrl).origin;
}

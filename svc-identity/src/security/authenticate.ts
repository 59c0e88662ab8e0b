import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { isCrossSiteRequest, SESSION_COOKIE } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps } from '../deps.js';
import { hashToken, isPlausibleToken } from './tokens.js';

export interface TPresentedToken {
  token: string;
  via: 'bearer' | 'cookie';
}

/**
 * The session token the browser presents: `Authorization: Bearer <sessionId>` (the seed's client) and
 * the HttpOnly cookie. Only these authenticate; X-User-ID, X-Auth-Bypass and body userId are never read.
 */
export function readPresentedTokens(request: FastifyRequest): TPresentedToken[] {
  const tokens: TPresentedToken[] = [];
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1] && isPlausibleToken(match[1])) tokens.push({ token: match[1], via: 'bearer' });
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie && isPlausibleToken(cookie)) tokens.push({ token: cookie, via: 'cookie' });
  return tokens;
}

/**
 * Identity's `authenticate` for createService: the first presented token that is a live session, read
 * from identity's own database on every request (so role and organization are never stale), or null.
 * Every route's declared auth is then enforced by the kit's route() on this actor. Cookie-authenticated
 * writes from another site are refused (CSRF); bearer tokens cannot be forged by another site.
 */
export async function authenticateSession(
  request: FastifyRequest,
  deps: Pick<TIdentityDeps, 'sessions' | 'config'>,
): Promise<TActor | null> {
  for (const presented of readPresentedTokens(request)) {
    const live = await deps.sessions.live(hashToken(presented.token));
    if (!live) continue;
    if (presented.via === 'cookie' && isCrossSiteRequest(request, deps.config.PUBLIC_URL)) {
      throw new IdentityError('CSRF');
    }
    return {
      userId: live.id,
      orgId: live.organization_id,
      role: live.role,
      sessionId: live.session_id,
      tokenHash: live.token_hash,
      token: presented.token,
      live,
    };
  }
  return null;
}

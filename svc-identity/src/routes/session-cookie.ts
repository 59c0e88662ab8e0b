import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCrossSiteRequest, SESSION_COOKIE } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TConfig } from '../config.js';
import type { TActor, TIdentityDeps, TRequestMeta } from '../deps.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

export { SESSION_COOKIE };
export const NOT_SIGNED_IN_MESSAGE = 'Not authenticated';
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

interface TPresentedToken {
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

/** The token hash of whichever presented token is a live session (for logout and login rotation). */
export function presentedTokenHashes(request: FastifyRequest): string[] {
  return readPresentedTokens(request).map((t) => hashToken(t.token));
}

/** Resolves the signed-in user, or null. Cookie-authenticated writes from another site are refused (CSRF). */
export async function resolveActor(
  request: FastifyRequest,
  deps: Pick<TIdentityDeps, 'sessions' | 'config'>,
): Promise<(TActor & { token: string }) | null> {
  for (const presented of readPresentedTokens(request)) {
    const session = await deps.sessions.session(hashToken(presented.token));
    if (!session) continue;
    if (presented.via === 'cookie' && isCrossSiteRequest(request, deps.config.PUBLIC_URL)) {
      throw new IdentityError('CSRF', CROSS_SITE_MESSAGE);
    }
    return {
      userId: session.userId,
      tokenHash: session.tokenHash,
      sessionId: session.sessionId,
      organizationId: session.organizationId,
      role: session.role,
      token: presented.token,
    };
  }
  return null;
}

export async function requireActor(
  request: FastifyRequest,
  deps: Pick<TIdentityDeps, 'sessions' | 'config'>,
): Promise<TActor & { token: string }> {
  const actor = await resolveActor(request, deps);
  if (!actor) throw new IdentityError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  return actor;
}

/** The client's address: the hop the gateway appended to X-Forwarded-For when TRUST_PROXY, else the socket's. */
export function clientIp(request: FastifyRequest, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
    const last = forwarded.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return request.ip;
}

export const requestMeta = (request: FastifyRequest, config: TConfig): TRequestMeta => ({
  ip: clientIp(request, config.TRUST_PROXY),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

const isSecure = (config: TConfig) => config.PUBLIC_URL.startsWith('https:');

export function setSessionCookie(reply: FastifyReply, config: TConfig, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    maxAge: config.SESSION_TTL_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: TConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(config) });
}

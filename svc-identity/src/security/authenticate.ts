import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { isCrossSiteRequest, SESSION_COOKIE } from '@dealflow/service-kit';
import { identityRoutes, twoFactorRoutes, type ApiRoute } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps } from '../deps.js';
import { isTwoFactorEnrolmentPending } from '../repositories/session.queries.js';
import { hashToken, isPlausibleToken } from './tokens.js';

export interface TPresentedToken {
  token: string;
  via: 'bearer' | 'cookie';
}

/**
 * A browser session (`kind` browser) is accepted only from the HttpOnly cookie; a session issued to a
 * program for the Authorization header (`kind` bearer) only as a Bearer. So a browser session token that
 * leaked from somewhere is not a Bearer for anyone, and a program's token is not a cookie.
 */
export const isCarriedRightly = (kind: 'browser' | 'bearer', via: 'cookie' | 'bearer'): boolean =>
  kind === 'browser' ? via === 'cookie' : via === 'bearer';

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

const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;
/** What a member who must still enrol in two-factor may call: who am I, sign out, re-authenticate and enrol. */
const ENROLMENT_ROUTES = new Set(
  [
    identityRoutes.me,
    identityRoutes.logout,
    // Enrolment needs a recent password check (issue 20): a member made to enrol can give it.
    identityRoutes.reauthenticate,
    twoFactorRoutes.twoFactorStatus,
    twoFactorRoutes.startTwoFactorSetup,
    twoFactorRoutes.confirmTwoFactor,
  ].map(routeKey),
);
/** Public routes answer such a member as a visitor (signing in as someone else still works). */
const PUBLIC_ROUTES = new Set(
  [...Object.values(identityRoutes), ...Object.values(twoFactorRoutes)]
    .filter((route: ApiRoute) => route.auth === 'public')
    .map(routeKey),
);

/**
 * Identity's `authenticate` for createService: the first presented token that is a live session, read
 * from identity's own database on every request (so role and organization are never stale), or null.
 * Every route's declared auth is then enforced by the kit's route() on this actor. Cookie-authenticated
 * writes from another site are refused (CSRF); bearer tokens cannot be forged by another site. A member
 * whose organization requires two-factor sign-in, and who has not set it up, reaches only ENROLMENT_ROUTES
 * (403 elsewhere; the gateway's introspection answers 401 for them, so no other service serves them).
 */
export async function authenticateSession(
  request: FastifyRequest,
  deps: Pick<TIdentityDeps, 'sessions' | 'config'>,
): Promise<TActor | null> {
  for (const presented of readPresentedTokens(request)) {
    const live = await deps.sessions.live(hashToken(presented.token));
    if (!live || !isCarriedRightly(live.kind, presented.via)) continue;
    if (presented.via === 'cookie' && isCrossSiteRequest(request, deps.config.PUBLIC_URL)) {
      throw new IdentityError('CROSS_SITE');
    }
    if (isTwoFactorEnrolmentPending(live)) {
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (!ENROLMENT_ROUTES.has(key)) {
        if (PUBLIC_ROUTES.has(key)) return null;
        throw new IdentityError('TWO_FACTOR_ENROLMENT_REQUIRED');
      }
    }
    return {
      userId: live.id,
      orgId: live.organization_id,
      role: live.role,
      sessionId: live.session_id,
      tokenHash: live.token_hash,
      token: presented.token,
      live,
      sessionUnverified: live.unverified,
      authenticatedAt: new Date(live.authenticated_at),
    };
  }
  return null;
}

import {
  accountRoutes,
  ApiKeyMessages,
  apiKeyRoutes,
  identityRoutes,
  twoFactorRoutes,
} from '@dealflow/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GatewayError, gatewayError, labelOf } from '../errors.js';
import {
  IdentityClient,
  readSessionTokens,
  tokenDigest,
  type IdentityClientOptions,
  type TEviction,
} from '../identity.js';
import { SessionEvictions } from '../session-evictions.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Identity's writes that end or change sessions other than the caller's, and whose: the user's (all of
 * their sessions), the caller's organization's (every member's JWT carries the organization and role),
 * or everyone's (a password reset names its user by a reset token the gateway cannot read). Any other
 * successful write routed to identity evicts the caller's own session token(s) (logout among them).
 */
const SESSION_ENDING: ReadonlyArray<{
  route: { method: string; path: string };
  scope: 'user' | 'organization' | 'everyone';
}> = [
  { route: identityRoutes.changePassword, scope: 'user' },
  { route: identityRoutes.deleteUser, scope: 'user' },
  { route: identityRoutes.deleteOrganization, scope: 'organization' },
  { route: identityRoutes.removeMember, scope: 'organization' },
  { route: identityRoutes.changeMemberRole, scope: 'organization' },
  { route: identityRoutes.resetPassword, scope: 'everyone' },
  // "Your sessions": ending one of the user's sessions, or all but this one (issue 12).
  { route: accountRoutes.revokeSession, scope: 'user' },
  { route: accountRoutes.revokeOtherSessions, scope: 'user' },
  // A followed link changes the address or its verified state, which every JWT of the user carries.
  { route: accountRoutes.confirmEmail, scope: 'user' },
  // A revoked API key is refused from the next request on: every cached answer of the organization goes.
  { route: apiKeyRoutes.revokeApiKey, scope: 'organization' },
  // Two-factor required or not, on or off: whether the members' sessions reach the other services changes.
  { route: twoFactorRoutes.updateOrganizationTwoFactor, scope: 'organization' },
  { route: twoFactorRoutes.disableTwoFactor, scope: 'user' },
  { route: twoFactorRoutes.confirmTwoFactor, scope: 'user' },
];
const RULES = SESSION_ENDING.map(({ route, scope }) => ({
  method: route.method,
  pattern: new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`),
  scope,
}));

export interface TSessionOptions extends IdentityClientOptions {
  /** Redis channel the replicas' session evictions travel on. */
  evictionChannel: string;
}

/** What a write routed to identity may evict, settled once identity's status is known. */
export interface TSessionWrite {
  settle(statusCode: number): Promise<void>;
}

/**
 * The session -> identity JWT exchange: the visitor's session token (bearer first, then the df_session
 * cookie) is exchanged with svc-identity for the short-lived JWT the services verify. Answers are cached
 * for reads by IdentityClient; unsafe requests ask afresh. Writes that end sessions evict them in every
 * replica (SessionEvictions).
 */
export const session = fp<TSessionOptions>(
  async (app, options) => {
    const identity = new IdentityClient(options);
    const evictions = new SessionEvictions(identity, app.redis, options.evictionChannel, app.log);
    await evictions.start();
    app.decorate('identity', identity);
    app.decorate('sessionEvictions', evictions);
    app.addHook('onClose', async () => {
      await evictions.close();
      await identity.close();
    });
    const refuseCrossSite = app.refuseCrossSite;
    /** The API key that authenticated a request (set by exchangeSession; the per-key rate limit reads it). */
    const apiKeys = new WeakMap<FastifyRequest, { id: string; scope: 'read' | 'write' }>();
    app.decorate('apiKeyOf', (request: FastifyRequest) => apiKeys.get(request) ?? null);

    app.decorate('exchangeSession', async (request: FastifyRequest, upstream: string) => {
      const { bearer, cookie } = readSessionTokens(request.headers);
      if (!bearer && !cookie) return null;
      const fresh = !SAFE_METHODS.has(request.method);
      for (const token of bearer && cookie && bearer !== cookie ? [bearer, cookie] : [bearer ?? cookie]) {
        if (!token) continue;
        // Only a valid Bearer exempts a write from the cross-site check: the cookie (even beside a
        // `Basic` or a bearer identity refused) is checked before it is used.
        if (token !== bearer) refuseCrossSite(request);
        const via = token === bearer ? 'bearer' : 'cookie';
        const answer = await identity.resolve(token, { fresh, requestId: request.id, via, ip: request.ip });
        if (answer.kind === 'signed-in') {
          // An API key Bearer is a valid Bearer: exempt from the cross-site check like any other.
          if (answer.apiKey) apiKeys.set(request, answer.apiKey);
          return answer.identityToken;
        }
        if (answer.kind === 'refused') throw new GatewayError('PLAN_REQUIRED', ApiKeyMessages.proRequired);
        if (answer.kind === 'unavailable') {
          request.log.warn({ upstream, reason: answer.reason }, 'session introspection failed');
          // Identity down is never a silent sign-out.
          throw gatewayError(answer.reason === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE', {
            service: labelOf('identity'),
          });
        }
      }
      return null;
    });

    app.decorate('prepareSessionWrite', async (request: FastifyRequest): Promise<TSessionWrite | null> => {
      if (SAFE_METHODS.has(request.method)) return null;
      const { bearer, cookie } = readSessionTokens(request.headers);
      const tokens = [bearer, cookie].filter((token): token is string => token !== null);
      const path = request.url.split('?', 1)[0] ?? '/';
      const rule = RULES.find(({ method, pattern }) => method === request.method && pattern.test(path));
      if (!tokens.length && rule?.scope !== 'everyone') return null;

      const eviction: TEviction = { digests: tokens.map(tokenDigest) };
      if (rule?.scope === 'everyone') eviction.all = true;
      else if (rule && tokens[0]) {
        // Whose sessions end must be known before identity ends them: the cache knows, or identity tells.
        const answer =
          identity.peek(tokens[0]) ??
          (await identity.resolve(tokens[0], {
            fresh: true,
            requestId: request.id,
            via: tokens[0] === bearer ? 'bearer' : 'cookie',
          }));
        if (answer.kind === 'signed-in' && rule.scope === 'user' && answer.userId !== null)
          eviction.users = [answer.userId];
        if (answer.kind === 'signed-in' && rule.scope === 'organization' && answer.orgId !== null)
          eviction.orgs = [answer.orgId];
      }
      return {
        settle: async (statusCode) => {
          // A refused write changed nothing elsewhere; the caller's own entry is dropped either way.
          if (statusCode < 400) await evictions.publish(eviction);
          else identity.evict({ digests: eviction.digests ?? [] });
        },
      };
    });
  },
  { name: 'gateway-session', dependencies: ['gateway-csrf', 'gateway-redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
    sessionEvictions: SessionEvictions;
    /** CSRF check, then the request's session token -> identity JWT (null: not signed in). */
    exchangeSession(request: FastifyRequest, upstream: string): Promise<string | null>;
    /** The organization API key that authenticated this request (after exchangeSession), or null. */
    apiKeyOf(request: FastifyRequest): { id: string; scope: 'read' | 'write' } | null;
    /**
     * Before a write is routed to identity (logout, password change, deletion, new organization...): what
     * it may end, evicted here and in every replica once identity has answered it (before the client
     * hears the answer). Null for reads.
     */
    prepareSessionWrite(request: FastifyRequest): Promise<TSessionWrite | null>;
  }
}

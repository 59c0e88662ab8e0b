import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { gatewayError, labelOf } from '../errors.js';
import { IdentityClient, readSessionTokens, type IdentityClientOptions } from '../identity.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session -> identity JWT exchange: the visitor's session token (bearer first, then the df_session
 * cookie) is exchanged with svc-identity for the short-lived JWT the services verify. Answers are cached
 * for reads by IdentityClient; unsafe requests ask afresh.
 */
export const session = fp<IdentityClientOptions>(
  async (app, options) => {
    const identity = new IdentityClient(options);
    app.decorate('identity', identity);
    app.addHook('onClose', async () => identity.close());
    const refuseCrossSite = app.refuseCrossSite;

    app.decorate('exchangeSession', async (request: FastifyRequest, upstream: string) => {
      const { bearer, cookie } = readSessionTokens(request.headers);
      if (!bearer && !cookie) return null;
      const fresh = !SAFE_METHODS.has(request.method);
      refuseCrossSite(request);
      for (const token of bearer && cookie && bearer !== cookie ? [bearer, cookie] : [bearer ?? cookie]) {
        if (!token) continue;
        const answer = await identity.resolve(token, { fresh, requestId: request.id });
        if (answer.kind === 'signed-in') return answer.identityToken;
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

    app.decorate('forgetSession', (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return;
      const { bearer, cookie } = readSessionTokens(request.headers);
      if (bearer) identity.invalidate(bearer);
      if (cookie) identity.invalidate(cookie);
    });
  },
  { name: 'gateway-session', dependencies: ['gateway-csrf'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
    /** CSRF check, then the request's session token -> identity JWT (null: not signed in). */
    exchangeSession(request: FastifyRequest, upstream: string): Promise<string | null>;
    /**
     * After a write routed to identity (logout, new organization, role...): the session may carry something
     * else now, so the next read asks identity again instead of reading the cache.
     */
    forgetSession(request: FastifyRequest): void;
  }
}

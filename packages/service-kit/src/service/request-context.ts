import fastifyJwt from '@fastify/jwt';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { claimsToIdentity, IDENTITY_TOKEN_HEADER, JWT_ISSUER, type IdentityClaims } from '../auth.js';

/**
 * What every request carries: `request.em`, forked when a handler first reads it (routes on prepared statements
 * and health checks never pay for one), `request.identity` (null until a plugin sets it) and its request id
 * echoed in `x-request-id`.
 */
export const requestContextPlugin = fp<{ orm: MikroORM }>(async (app, { orm }) => {
  const forks = new WeakMap<FastifyRequest, EntityManager>();
  app.decorateRequest('em', {
    getter(this: FastifyRequest) {
      const known = forks.get(this);
      if (known) return known;
      const em = orm.em.fork();
      forks.set(this, em);
      return em;
    },
  });
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});

/**
 * The gateway's x-identity-token (an ES256 JWT identity signs) as `request.identity`; a token that does not
 * verify leaves the request anonymous. Without identity's public key every request is anonymous.
 */
export const identityTokenPlugin = fp<{ publicKey: string | undefined; logger: Logger }>(
  async (app: FastifyInstance, { publicKey, logger }) => {
    if (!publicKey) {
      logger.warn('IDENTITY_JWT_PUBLIC_KEY is not set: every request is anonymous');
      return;
    }
    await app.register(fastifyJwt, {
      secret: { public: publicKey, private: '' },
      verify: { algorithms: ['ES256'], allowedIss: JWT_ISSUER },
      decoratorName: 'jwtClaims',
    });
    app.addHook('onRequest', async (request) => {
      const token = request.headers[IDENTITY_TOKEN_HEADER];
      if (typeof token !== 'string' || token.length === 0) return;
      try {
        request.identity = claimsToIdentity(app.jwt.verify<IdentityClaims>(token));
      } catch (err) {
        request.log.debug({ err: (err as Error).message }, 'identity token refused');
      }
    });
  },
);

export const REQUEST_ID = /^[\w.:-]{1,128}$/;

import { isCrossSiteRequest } from '@dealflow/service-kit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { gatewayError } from '../errors.js';

/**
 * CSRF defence for cookie-authenticated writes (service-kit's fetch-metadata rule). A function the proxy
 * calls where a session is about to be used (a request to identity, or one carrying a session token),
 * not a hook: webhooks, the shell and the remotes' files never need it, and the API path adds no hook.
 */
export const csrf = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    app.decorate('refuseCrossSite', (request: FastifyRequest) => {
      if (isCrossSiteRequest(request, publicUrl)) throw gatewayError('CROSS_SITE');
    });
  },
  { name: 'gateway-csrf' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws 403 `Cross-site request refused` for a cookie-authenticated write from another site. */
    refuseCrossSite(request: FastifyRequest): void;
  }
}

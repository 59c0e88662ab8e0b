import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import { loggerOptions } from '@dealflow/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TGatewayConfig } from './config.js';
import { apiProxy } from './plugins/api-proxy.js';
import { csrf } from './plugins/csrf.js';
import { docs } from './plugins/docs.js';
import { errorHandler } from './plugins/error-handler.js';
import { health } from './plugins/health.js';
import { metrics } from './plugins/metrics.js';
import { rateLimits } from './plugins/rate-limits.js';
import { redis } from './plugins/redis.js';
import { remotes } from './plugins/remotes.js';
import { requestGuards } from './plugins/request-guards.js';
import { securityHeaders } from './plugins/security-headers.js';
import { session } from './plugins/session.js';
import { shell } from './plugins/shell.js';
import { upstreamProxy } from './plugins/upstream-proxy.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface BuildGatewayOptions {
  /** Pass false to silence logs (tests); default: pino with service-kit's options. */
  logger?: boolean;
}

/**
 * The one public origin: proxies the contracts' routes to the owning service, turns session tokens into
 * identity's JWT, refuses cross-site cookie writes, rate limits, sets security headers, serves the shell,
 * the runtime remotes manifest and the remotes' files, and the OpenAPI document. Order matters: the
 * plugins that hook every request or decorate the app come before the routes that use them.
 */
export async function buildGateway(
  config: TGatewayConfig,
  options: BuildGatewayOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions('gateway', config.server.logLevel),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.server.trustProxy,
    bodyLimit: config.server.maxBodyBytes,
    // Keep-alive longer than typical load-balancer idle timeouts, so they close first.
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  });

  await app.register(errorHandler);
  await app.register(requestGuards, { maxBodyBytes: config.server.maxBodyBytes });
  await app.register(securityHeaders, {
    publicUrl: config.server.publicUrl,
    frameSrc: config.securityHeaders.frameSrc,
    remoteManifests: config.remotes.map((remote) => remote.manifest),
  });
  // gzip/brotli for the shell, the remotes' files and the API docs (the proxied API opts out per route).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(redis, config.redis);
  await app.register(rateLimits, config.rateLimits);
  await app.register(upstreamProxy, config.proxy);
  await app.register(csrf, { publicUrl: config.server.publicUrl });
  await app.register(session, config.session);

  await app.register(health);
  await app.register(metrics);
  await app.register(docs, { publicUrl: config.server.publicUrl });
  await app.register(remotes, { remotes: config.remotes });
  await app.register(apiProxy, {
    upstreams: config.upstreams,
    rateLimits: config.rateLimits,
    bodies: config.bodies,
    trustProxy: config.server.trustProxy,
  });
  await app.register(shell, { dist: config.shell.dist, publicUrl: config.server.publicUrl });
  return app;
}

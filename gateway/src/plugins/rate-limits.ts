import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { TGatewayConfig } from '../config.js';
import { gatewayError } from '../errors.js';
import { batchedRedisStore } from '../rate-limit-store.js';

/**
 * @fastify/rate-limit for the routes that ask for it (`config.rateLimit`), per client IP: in memory
 * without REDIS_URL, else shared by every replica through the batched Redis store. A Redis outage lets
 * requests through rather than failing them.
 */
export const rateLimits = fp<TGatewayConfig['rateLimits']>(
  async (app, options) => {
    const redis = app.redis;
    await app.register(rateLimit, {
      global: false,
      ...(redis
        ? { store: batchedRedisStore({ redis, nameSpace: options.namespace, flushMs: options.flushMs }) }
        : {}),
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        gatewayError('RATE_LIMITED', { seconds: Math.ceil(context.ttl / 1000) }),
    });
  },
  { name: 'gateway-rate-limits', dependencies: ['gateway-redis'] },
);

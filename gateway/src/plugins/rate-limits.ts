import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
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
    const redis = options.redisUrl ? await connectRedis(app.log, options.redisUrl) : null;
    if (redis) app.addHook('onClose', async () => redis.disconnect());

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
  { name: 'gateway-rate-limits' },
);

async function connectRedis(log: { warn: (obj: object, msg: string) => void }, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) log.warn({ err: error }, 'Redis unavailable: rate limits are not enforced until it returns');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  // Give Redis a moment to connect so the first requests are counted (they pass uncounted otherwise).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

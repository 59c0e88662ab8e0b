import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { connectRedis } from '../redis.js';

/** One Redis connection for the plugins that share state between replicas (null without REDIS_URL). */
export const redis = fp<{ redisUrl: string | undefined }>(
  async (app, { redisUrl }) => {
    const client = redisUrl ? await connectRedis(app.log, redisUrl) : null;
    app.decorate('redis', client);
    if (client) app.addHook('onClose', async () => client.disconnect());
  },
  { name: 'gateway-redis' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared with every gateway replica; null: no REDIS_URL, each replica keeps its state alone. */
    redis: Redis | null;
  }
}

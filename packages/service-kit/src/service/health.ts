import type { MikroORM } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { registerMetrics } from '../http-metrics.js';

const OPTIONAL_CHECKS = new Set(['redis', 'broker']);

export interface THealthOptions {
  name: string;
  orm: MikroORM;
  redis: Redis | null;
  /** Null without a broker; else whether the producer is connected now. */
  brokerConnected: (() => boolean) | null;
  /** The service's own check (a provider), when it declares one. */
  readiness: (() => Promise<boolean>) | null;
  /** True once SIGTERM came: readiness answers 503 so the endpoints drop the pod before the server closes. */
  draining: () => boolean;
}

/** /metrics, /healthz (the process answers) and /readyz (it can serve: database, service check, not draining). */
export const healthPlugin = fp<THealthOptions>(async (app: FastifyInstance, options) => {
  const { orm, redis, brokerConnected, readiness, draining } = options;
  await registerMetrics(app, options.name);
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const checks: Record<string, boolean> = {};
    checks.database = await orm.em
      .getConnection()
      .execute('SELECT 1')
      .then(() => true)
      .catch(() => false);
    if (brokerConnected) checks.broker = brokerConnected();
    if (redis) checks.redis = redis.status === 'ready';
    if (readiness) checks.service = await readiness().catch(() => false);
    // Redis and Kafka are reported, not required: without Redis the in-process fallbacks serve, and
    // without Kafka writes still land in the outbox, which the relay publishes when the broker is back.
    // Taking every API pod out during a broker outage would turn it into a full outage.
    const ready =
      !draining() && Object.entries(checks).every(([name, ok]) => ok || OPTIONAL_CHECKS.has(name));
    const status = draining() ? 'draining' : ready ? 'ready' : 'not ready';
    return reply.code(ready ? 200 : 503).send({ status, checks });
  });
});

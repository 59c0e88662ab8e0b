import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Identity } from './auth.js';
import type { TBaseConfig } from './config.js';
import { installErrorHandling } from './errors.js';
import { stopTelemetry } from './telemetry.js';
import { openConnections } from './service/connections.js';
import { healthPlugin } from './service/health.js';
import { identityTokenPlugin, REQUEST_ID, requestContextPlugin } from './service/request-context.js';
import { registerRoute } from './service/route.js';
import type { TActorBase, TRouter } from './service/route-types.js';
import { runStopSteps } from './service/shutdown.js';
import type { Service, ServiceApp, ServiceContext, ServiceDefinition } from './service/types.js';
import { ServiceWorkers } from './service/workers.js';

export type * from './service/route-types.js';
export type * from './service/types.js';
export { runService } from './service/run-service.js';

/**
 * One service as it runs: its connections (service/connections.ts), a Fastify app of plugins (request context,
 * identity token, metrics and health, then the service's routes through route()), its workers
 * (service/workers.ts) and a bounded stop (service/shutdown.ts).
 */
export async function createService<C extends TBaseConfig, D, A extends TActorBase = Identity>(
  def: ServiceDefinition<C, D, A>,
): Promise<Service<C, D>> {
  const { config } = def;
  const { logger, databaseUrl, orm, sql, redis, kafka } = await openConnections(def);
  const stopping = new AbortController();
  /** draining: set on SIGTERM (see health.ts); stopped: the one stop in progress or done. */
  const lifecycle: { draining: boolean; stopped: Promise<void> | null } = { draining: false, stopped: null };
  const holder: { workers: ServiceWorkers<D> | null } = { workers: null };
  const ctx: ServiceContext<C> = {
    name: def.name,
    config,
    orm,
    sql,
    logger,
    redis,
    kafka,
    producer: () => holder.workers?.producer ?? null,
    stopping: stopping.signal,
  };

  const app: ServiceApp = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: def.bodyLimit ?? 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Close idle keep-alive sockets on close, let in-flight requests finish (zero-downtime rollouts).
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app as unknown as FastifyInstance);
  await app.register(fastifyCookie);
  await app.register(requestContextPlugin, { orm });
  if (!def.authenticate)
    await app.register(identityTokenPlugin, { publicKey: config.IDENTITY_JWT_PUBLIC_KEY, logger });
  const deps = await def.deps(ctx);
  await app.register(healthPlugin, {
    name: def.name,
    orm,
    redis,
    brokerConnected: kafka ? () => holder.workers?.producerConnected ?? false : null,
    readiness: def.readiness ? () => def.readiness!(deps) : null,
    draining: () => lifecycle.draining,
  });

  const authenticate = def.authenticate ?? (async (request: FastifyRequest) => request.identity as A | null);
  const internalToken = config.INTERNAL_API_TOKEN;
  const router: TRouter<A> = {
    app,
    route: (routeDef, handler, options) =>
      registerRoute(app, routeDef, handler, options ?? {}, authenticate, internalToken),
  };
  await def.routes(router, deps);
  const workers = new ServiceWorkers<D>({
    name: def.name,
    config,
    databaseUrl,
    orm,
    kafka,
    logger,
    consumers: def.consumers?.(deps) ?? [],
    schedules: def.schedules ?? [],
    deps,
    stopping: stopping.signal,
  });
  holder.workers = workers;

  /**
   * Stops taking work, ends what is in hand, closes everything, each step bounded. The consumer is told to stop
   * first (kafkajs delivers no further message once its runner stops), then the HTTP server closes (in-flight
   * requests finish), then the service's onStop ends its long work (svc-ingest closes its worker pools: a deck
   * being read is abandoned, and its event, not acknowledged, comes back after the restart).
   */
  const stopAll = async () => {
    stopping.abort();
    // Not awaited yet: from this call on kafkajs hands out no further message; the one in hand ends below.
    const consumerStopped = workers.consumer?.disconnect().catch(() => undefined);
    await runStopSteps(logger, [
      ['http', () => app.close()],
      ['schedules', () => workers.schedules?.stop()],
      ['onStop', () => def.onStop?.(deps)],
      ['retryWorker', () => workers.retryWorker?.stop()],
      ['consumer', () => consumerStopped],
      ['relay', () => workers.relay?.stop()],
      ['producer', () => workers.producer?.disconnect()],
      ['redis', () => redis?.disconnect()],
      ['sql', () => sql.end()],
      ['orm', () => orm.close(true)],
      ['telemetry', () => stopTelemetry()],
    ]);
  };
  return {
    app,
    ctx,
    deps,
    listen: () => app.listen({ port: config.PORT, host: config.HOST }),
    drain() {
      lifecycle.draining = true;
    },
    async startWorkers() {
      if (await workers.start()) await def.onStart?.(deps);
    },
    flushOutbox: () => workers.flushOutbox(),
    stop() {
      lifecycle.stopped ??= stopAll();
      return lifecycle.stopped;
    },
  };
}

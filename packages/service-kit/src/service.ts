import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { EntityManager, EntitySchema, MikroORM } from '@mikro-orm/core';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import pino, { type Logger } from 'pino';
import type { z } from 'zod';
import {
  apiKeyScopeFor,
  installSeedErrorMessages,
  type ApiRoute,
  type TRole,
  type TRouteAuth,
} from '@dealflow/contracts';
import {
  claimsToIdentity,
  IDENTITY_TOKEN_HEADER,
  INTERNAL_TOKEN_HEADER,
  JWT_ISSUER,
  safeEqual,
  type Identity,
  type IdentityClaims,
  type TApiKeyActor,
} from './auth.js';
import type { TBaseConfig } from './config.js';
import {
  DEFAULT_RETRY_POLICY,
  RetryWorker,
  startConsumers,
  type ConsumerDefinition,
  type TConsumers,
  type TRetryPolicy,
} from './consumer.js';
import { openDatabase, type TMigrationList } from './db.js';
import { installErrorHandling, KitError } from './errors.js';
import { loggerOptions } from './logger.js';
import { startSchedules, type ScheduleDefinition, type Schedules } from './schedules.js';
import { applyKafkajsIdleFix } from './kafkajs-idle-fix.js';
import { kafkaConnectionOptions } from './kafka-options.js';
import { OutboxRelay } from './outbox.js';
import { createSqlReader, type SqlReader } from './sql.js';
import { registerMetrics } from './http-metrics.js';
import { startTelemetry, stopTelemetry, telemetryStatus } from './telemetry.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A forked EntityManager for this request (forked on first use). */
    em: EntityManager;
    /** The caller, from the gateway's x-identity-token; null when anonymous. */
    identity: Identity | null;
  }
}

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ServiceContext<C extends TBaseConfig = TBaseConfig> {
  name: string;
  config: C;
  orm: MikroORM;
  /** Named prepared statements for the hottest reads (see sql.ts); the ORM does everything else. */
  sql: SqlReader;
  logger: Logger;
  redis: Redis | null;
  kafka: Kafka | null;
  /** Connected once workers start; null before, or without a broker. */
  producer: () => Producer | null;
  /**
   * Aborted when stop() begins: long work (a worker job, an outside call) ends early, and an event handler that
   * fails from then on leaves its event for redelivery (ServiceStoppingError) rather than failing it.
   */
  stopping: AbortSignal;
}

/** What every actor has: who is calling, in which organization, with which role. */
export interface TActorBase {
  userId: number;
  orgId: number | null;
  role: TRole;
  /** Set when an organization API key authenticated the request (see `authorize`). */
  apiKey?: TApiKeyActor;
}

/** The actor a handler receives, narrowed by the route's declared `auth`. */
export type TActorFor<Auth extends TRouteAuth, A extends TActorBase> = Auth extends 'session'
  ? A
  : Auth extends 'member'
    ? A & { orgId: number }
    : Auth extends 'owner'
      ? A & { orgId: number; role: 'owner' }
      : Auth extends 'public'
        ? A | null
        : null;

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Body: Infer<R['body']>;
  Querystring: Infer<R['query']>;
  Params: Infer<R['params']>;
}>;

/** What a route handler is given: the authorized actor and the parsed request. */
export interface TRouteCall<R extends ApiRoute, A extends TActorBase> {
  actor: TActorFor<R['auth'], A>;
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  params: Infer<R['params']>;
  request: RouteRequest<R>;
  reply: FastifyReply;
}

export interface TRouteOptions {
  bodyLimit?: number;
  /**
   * Runs before the body is read (and before the route's auth): refuses a request on its headers alone, e.g. a
   * webhook whose credential is in a header, so a stranger's 25 MB body is never buffered.
   */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Runs after auth, before the handler (e.g. a signature check that needs the raw body). */
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Registers contract routes on one service; `route()` enforces each route's declared auth. */
export interface TRouter<A extends TActorBase = Identity> {
  /** The Fastify instance, for what is not a contract route (content-type parsers, HTML pages). */
  app: ServiceApp;
  route<R extends ApiRoute>(
    def: R,
    handler: (call: TRouteCall<R, A>) => Promise<unknown>,
    options?: TRouteOptions,
  ): void;
}

export interface ServiceDefinition<C extends TBaseConfig, D, A extends TActorBase = Identity> {
  name: string;
  config: C;
  entities: EntitySchema[];
  migrations: TMigrationList;
  /** Builds the service's dependencies once, after the database, broker and Redis exist. */
  deps: (ctx: ServiceContext<C>) => D | Promise<D>;
  /** Registers the routes; the same deps as the consumers. */
  routes: (router: TRouter<A>, deps: D) => Promise<void> | void;
  /** The service's event consumers (events/<verb-noun>.ts), given the same deps. */
  consumers?: (deps: D) => ConsumerDefinition[];
  /**
   * Resolves the caller of a request (null when anonymous). Default: the gateway's x-identity-token,
   * verified with identity's public key. Identity resolves its own session cookie or bearer instead.
   */
  authenticate?: (request: FastifyRequest) => Promise<A | null>;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Extra readiness checks (e.g. a provider); throw or return false when not ready. */
  readiness?: (deps: D) => Promise<boolean>;
  /**
   * Background work on a clock (`{ name, everyMs, run }`): started with the workers, never two runs of one
   * schedule at once, stopped on shutdown, a metric per run (schedules.ts). Never a setInterval of one's own.
   */
  schedules?: ScheduleDefinition<D>[];
  onStart?: (deps: D) => Promise<void>;
  onStop?: (deps: D) => Promise<void>;
}

export interface Service<C extends TBaseConfig = TBaseConfig, D = unknown> {
  app: ServiceApp;
  ctx: ServiceContext<C>;
  /** The dependencies routes and consumers were given. */
  deps: D;
  /** Listens on config.HOST:PORT; returns the address. */
  listen(): Promise<string>;
  /** Starts the outbox relay, the consumers and onStart. */
  startWorkers(): Promise<void>;
  /** Publishes whatever the outbox holds now (tests). */
  flushOutbox(): Promise<number>;
  /** From now on /readyz answers 503 (draining); requests are still served until stop(). */
  drain(): void;
  stop(): Promise<void>;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Longest wait for one shutdown step (runService's own deadline is SHUTDOWN_DRAIN_MS + 10 s). */
const STOP_STEP_MS = 5_000;
const OPTIONAL_CHECKS = new Set(['redis', 'broker']);

/**
 * Builds a service: Fastify 5, logs, validation, errors, health, database with migrations, Kafka, Redis;
 * then its dependencies (once), its routes and its consumers, both given the same deps.
 */
export async function createService<C extends TBaseConfig, D, A extends TActorBase = Identity>(
  def: ServiceDefinition<C, D, A>,
): Promise<Service<C, D>> {
  const { config } = def;
  installSeedErrorMessages();
  const logger = pino(loggerOptions(def.name, config.LOG_LEVEL));
  // No-op when the preload (`--import=@dealflow/service-kit/otel`) started it; a late start patches less.
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT && !telemetryStatus().started) {
    logger.warn('telemetry started late: preload @dealflow/service-kit/otel with --import for full spans');
    await startTelemetry({ service: def.name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  }
  const databaseUrl = config.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${def.name}`;
  const orm = await openDatabase({
    url: databaseUrl,
    entities: def.entities,
    migrations: def.migrations,
    poolMax: config.DATABASE_POOL_MAX,
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        ...(config.REDIS_PASSWORD ? { password: config.REDIS_PASSWORD } : {}),
      })
    : null;
  if (redis) {
    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
    await redis.connect().catch((err) => logger.warn({ err: err.message }, 'redis not reachable at start'));
  }
  applyKafkajsIdleFix();
  const kafkaSecurity = kafkaConnectionOptions(config);
  const kafka = config.KAFKA_BROKERS
    ? new Kafka({
        ...kafkaSecurity,
        clientId: def.name,
        brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
        logLevel: logLevel.NOTHING,
        retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 2000 },
      })
    : null;
  if (!kafka) logger.warn('KAFKA_BROKERS is not set: events stay in the outbox until a broker is configured');

  let producer: Producer | null = null;
  const createProducer = () => {
    if (!kafka) throw new Error('no broker configured');
    return kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  };
  let relay: OutboxRelay | null = null;
  let consumer: TConsumers | null = null;
  let retryWorker: RetryWorker | null = null;
  const retry: TRetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    quickAttempts: Math.min(DEFAULT_RETRY_POLICY.quickAttempts, config.CONSUMER_RETRY_MAX_ATTEMPTS),
    maxAttempts: config.CONSUMER_RETRY_MAX_ATTEMPTS,
    baseMs: config.CONSUMER_RETRY_BASE_MS,
    maxDelayMs: config.CONSUMER_RETRY_MAX_DELAY_MS,
  };
  let producerConnected = false;
  const stopping = new AbortController();
  /** Set on SIGTERM: readiness answers 503 so the endpoints drop the pod before the server closes. */
  let draining = false;

  // Its own few connections, so a burst of hot reads never waits behind the ORM's transactions.
  const sql = createSqlReader(databaseUrl, Math.min(4, config.DATABASE_POOL_MAX));
  const ctx: ServiceContext<C> = {
    name: def.name,
    config,
    orm,
    sql,
    logger,
    redis,
    kafka,
    producer: () => producer,
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

  // The EntityManager is forked when a handler first reads request.em: routes on prepared statements
  // (and health checks) never pay for one.
  const forks = new WeakMap<FastifyRequest, EntityManager>();
  app.decorateRequest('em', {
    getter(this: FastifyRequest) {
      let em = forks.get(this);
      if (!em) forks.set(this, (em = orm.em.fork()));
      return em;
    },
  });
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (!def.authenticate) {
    const publicKey = config.IDENTITY_JWT_PUBLIC_KEY;
    if (!publicKey) logger.warn('IDENTITY_JWT_PUBLIC_KEY is not set: every request is anonymous');
    if (publicKey) {
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
    }
  }

  await registerMetrics(app as unknown as FastifyInstance, def.name);
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const checks: Record<string, boolean> = {};
    checks.database = await orm.em
      .getConnection()
      .execute('SELECT 1')
      .then(() => true)
      .catch(() => false);
    if (kafka) checks.broker = producerConnected;
    if (redis) checks.redis = redis.status === 'ready';
    if (def.readiness) checks.service = await def.readiness(deps).catch(() => false);
    // Redis and Kafka are reported, not required: without Redis the in-process fallbacks serve, and
    // without Kafka writes still land in the outbox, which the relay publishes when the broker is back.
    // Taking every API pod out during a broker outage would turn it into a full outage.
    const ready = !draining && Object.entries(checks).every(([name, ok]) => ok || OPTIONAL_CHECKS.has(name));
    const status = draining ? 'draining' : ready ? 'ready' : 'not ready';
    return reply.code(ready ? 200 : 503).send({ status, checks });
  });

  const deps = await def.deps(ctx);
  const authenticate = def.authenticate ?? (async (request: FastifyRequest) => request.identity as A | null);
  const internalToken = config.INTERNAL_API_TOKEN;
  const router: TRouter<A> = {
    app,
    route: (routeDef, handler, options) =>
      registerRoute(app, routeDef, handler, options ?? {}, authenticate, internalToken),
  };
  await def.routes(router, deps);
  const consumers = def.consumers?.(deps) ?? [];

  let workersStarted = false;
  let schedules: Schedules | null = null;
  let stopped: Promise<void> | null = null;
  /**
   * Stops taking work, ends what is in hand, closes everything; each step bounded, so a stop ends well within a
   * pod's termination grace period (issue 12: svc-ingest took 2-2.5 minutes). The consumer is told to stop first
   * (kafkajs delivers no further message once its runner stops), then the HTTP server closes (in-flight requests
   * finish), then the service's onStop ends its long work (svc-ingest closes its worker pools: a deck being read
   * is abandoned, and its event, not acknowledged, comes back after the restart).
   */
  const stopAll = async () => {
    const started = performance.now();
    const took: Record<string, number> = {};
    const step = async (name: string, work: () => Promise<unknown> | unknown, boundMs = STOP_STEP_MS) => {
      const t0 = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), boundMs);
      });
      try {
        const outcome = await Promise.race([Promise.resolve().then(work), bound]);
        if (outcome === 'late')
          logger.warn({ step: name, boundMs }, 'shutdown step did not end in time: left behind');
      } catch (err) {
        logger.warn({ err, step: name }, 'shutdown step failed');
      } finally {
        clearTimeout(timer);
        took[name] = Math.round(performance.now() - t0);
      }
    };
    stopping.abort();
    // Not awaited yet: from this call on kafkajs hands out no further message; the one in hand ends below.
    const consumerStopped = consumer?.disconnect().catch(() => undefined);
    await step('http', () => app.close());
    await step('schedules', () => schedules?.stop());
    await step('onStop', () => def.onStop?.(deps));
    await step('retryWorker', () => retryWorker?.stop());
    await step('consumer', () => consumerStopped);
    await step('relay', () => relay?.stop());
    await step('producer', () => producer?.disconnect());
    redis?.disconnect();
    await step('sql', () => sql.end());
    await step('orm', () => orm.close(true));
    await step('telemetry', () => stopTelemetry());
    logger.info({ ms: Math.round(performance.now() - started), took }, 'stopped');
  };
  const service: Service<C, D> = {
    app,
    ctx,
    deps,
    async listen() {
      return app.listen({ port: config.PORT, host: config.HOST });
    },
    drain() {
      draining = true;
    },
    async startWorkers() {
      if (workersStarted) return;
      workersStarted = true;
      if (kafka) {
        // Plain producer for dead letters and direct sends: unlike an idempotent one it survives a broker restart.
        producer = kafka.producer({ allowAutoTopicCreation: false });
        producer.on(producer.events.CONNECT, () => (producerConnected = true));
        producer.on(producer.events.DISCONNECT, () => (producerConnected = false));
        await producer.connect();
        producerConnected = true;
        relay = new OutboxRelay({ databaseUrl, createProducer, logger, pollMs: config.OUTBOX_POLL_MS });
        await relay.start();
        consumer = await startConsumers({
          kafka,
          orm,
          service: def.name,
          definitions: consumers,
          producer,
          logger,
          retry,
          stopping: stopping.signal,
        });
        if (consumers.length > 0) {
          retryWorker = new RetryWorker({
            orm,
            service: def.name,
            definitions: consumers,
            producer: () => producer,
            logger,
            policy: retry,
            stopping: stopping.signal,
          });
          retryWorker.start();
        }
      }
      schedules = startSchedules(def.name, def.schedules ?? [], deps, logger, stopping.signal);
      await def.onStart?.(deps);
    },
    async flushOutbox() {
      if (!kafka) return 0;
      const once = new OutboxRelay({ databaseUrl, createProducer, logger, pollMs: config.OUTBOX_POLL_MS });
      try {
        let total = 0;
        for (let n = await once.relayBatch(); n > 0; n = await once.relayBatch()) total += n;
        return total;
      } finally {
        await once.stop();
      }
    },
    stop() {
      stopped ??= stopAll();
      return stopped;
    },
  };
  return service;
}

/** Runs a service as a process: listen, workers, graceful shutdown on SIGTERM/SIGINT. */
export async function runService<C extends TBaseConfig, D>(
  build: Promise<Service<C, D>> | (() => Promise<Service<C, D>>),
) {
  let service: Service<C, D>;
  try {
    service = await (typeof build === 'function' ? build() : build);
  } catch (err) {
    const e = err as Error;
    console.error(e.name === 'ConfigError' ? e.message : e);
    process.exit(1);
  }
  const address = await service.listen();
  await service.startWorkers();
  service.ctx.logger.info({ address }, `${service.ctx.name} ready`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = service.ctx.config.SHUTDOWN_DRAIN_MS;
    service.ctx.logger.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), drainMs + 10_000);
    force.unref();
    // Readiness fails first; requests keep being served while the endpoints drain, then the server closes
    // (in-flight requests finish; idle keep-alive connections are closed).
    service.drain();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await service.stop().catch((err) => service.ctx.logger.error({ err }, 'shutdown failed'));
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return service;
}

/** One message per rule, whichever service answers. */
const AUTH_FAILURES = {
  signIn: () => new KitError('UNAUTHORIZED'),
  organization: () => new KitError('NO_ORGANIZATION'),
  owner: () => new KitError('NOT_OWNER'),
  internal: () => new KitError('INTERNAL_TOKEN'),
  apiKeyRoute: () => new KitError('API_KEY_NOT_ALLOWED'),
  apiKeyScope: () => new KitError('API_KEY_READ_ONLY'),
};

/**
 * The one rule for organization API keys: a key reaches only the routes its contract marks `apiKey`, and
 * a route that writes only with a write key. On a public route a key is no one (anonymous).
 */
function admitApiKey<A extends TActorBase>(route: ApiRoute, actor: A | null): A | null {
  if (!actor?.apiKey) return actor;
  const needed = apiKeyScopeFor(route);
  if (needed === null) {
    if (route.auth === 'public') return null;
    throw AUTH_FAILURES.apiKeyRoute();
  }
  if (needed === 'write' && actor.apiKey.scope !== 'write') throw AUTH_FAILURES.apiKeyScope();
  return actor;
}

/** Checks a route's declared auth and returns the actor its handler is typed for. */
async function authorize<A extends TActorBase>(
  route: ApiRoute,
  request: FastifyRequest,
  authenticate: (request: FastifyRequest) => Promise<A | null>,
  internalToken: string,
): Promise<A | null> {
  const auth: TRouteAuth = route.auth;
  switch (auth) {
    case 'signature':
      return null;
    case 'internal': {
      const presented = request.headers[INTERNAL_TOKEN_HEADER];
      if (typeof presented !== 'string' || !safeEqual(presented, internalToken))
        throw AUTH_FAILURES.internal();
      return null;
    }
    case 'public':
      return admitApiKey(route, await authenticate(request));
    default: {
      const actor = admitApiKey(route, await authenticate(request));
      if (!actor) throw AUTH_FAILURES.signIn();
      if (auth === 'session') return actor;
      if (actor.orgId === null) throw AUTH_FAILURES.organization();
      if (auth === 'owner' && actor.role !== 'owner') throw AUTH_FAILURES.owner();
      return actor;
    }
  }
}

function registerRoute<R extends ApiRoute, A extends TActorBase>(
  app: ServiceApp,
  def: R,
  handler: (call: TRouteCall<R, A>) => Promise<unknown>,
  options: TRouteOptions,
  authenticate: (request: FastifyRequest) => Promise<A | null>,
  internalToken: string,
): void {
  const actors = new WeakMap<FastifyRequest, A | null>();
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: def.responses,
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    // Auth runs before the body is validated: an anonymous caller learns nothing about the body's rules.
    preValidation: async (request) => {
      actors.set(request, await authorize(def, request, authenticate, internalToken));
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      handler({
        actor: (actors.get(request) ?? null) as TActorFor<R['auth'], A>,
        body: request.body as Infer<R['body']>,
        query: request.query as Infer<R['query']>,
        params: request.params as Infer<R['params']>,
        request: request as RouteRequest<R>,
        reply,
      }),
  });
}

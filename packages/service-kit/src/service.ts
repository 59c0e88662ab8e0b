import { randomUUID } from 'node:crypto';
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
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import pino, { type Logger } from 'pino';
import type { z } from 'zod';
import { installSeedErrorMessages, type ApiRoute } from '@dealflow/contracts';
import {
  claimsToIdentity,
  IDENTITY_TOKEN_HEADER,
  JWT_ISSUER,
  type Identity,
  type IdentityClaims,
} from './auth.js';
import type { TBaseConfig } from './config.js';
import { startConsumers, type ConsumerDefinition } from './consumer.js';
import { openDatabase, type TMigrationList } from './db.js';
import { installErrorHandling } from './errors.js';
import { loggerOptions } from './logger.js';
import { applyKafkajsIdleFix } from './kafkajs-idle-fix.js';
import { OutboxRelay } from './outbox.js';
import { createSqlReader, type SqlReader } from './sql.js';
import { startTelemetry, stopTelemetry } from './telemetry.js';

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
}

export interface ServiceDefinition<C extends TBaseConfig> {
  name: string;
  config: C;
  entities: EntitySchema[];
  migrations: TMigrationList;
  consumers?: ConsumerDefinition[];
  routes: (app: ServiceApp, ctx: ServiceContext<C>) => Promise<void> | void;
  /** Verify the gateway's x-identity-token (default true; identity authenticates sessions itself). */
  verifyIdentityToken?: boolean;
  /** Maximum request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Extra readiness checks (e.g. a provider); throw or return false when not ready. */
  readiness?: (ctx: ServiceContext<C>) => Promise<boolean>;
  onStart?: (ctx: ServiceContext<C>) => Promise<void>;
  onStop?: (ctx: ServiceContext<C>) => Promise<void>;
}

export interface Service<C extends TBaseConfig = TBaseConfig> {
  app: ServiceApp;
  ctx: ServiceContext<C>;
  /** Listens on config.HOST:PORT; returns the address. */
  listen(): Promise<string>;
  /** Starts the outbox relay, the consumers and onStart. */
  startWorkers(): Promise<void>;
  /** Publishes whatever the outbox holds now (tests). */
  flushOutbox(): Promise<number>;
  stop(): Promise<void>;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds a service: Fastify 5, logs, validation, errors, health, database with migrations, Kafka, Redis. */
export async function createService<C extends TBaseConfig>(def: ServiceDefinition<C>): Promise<Service<C>> {
  const { config } = def;
  installSeedErrorMessages();
  const logger = pino(loggerOptions(def.name, config.LOG_LEVEL));
  await startTelemetry(def.name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const databaseUrl = config.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${def.name}`;
  const orm = await openDatabase({
    url: databaseUrl,
    entities: def.entities,
    migrations: def.migrations,
    poolMax: config.DATABASE_POOL_MAX,
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : null;
  if (redis) {
    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
    await redis.connect().catch((err) => logger.warn({ err: err.message }, 'redis not reachable at start'));
  }
  applyKafkajsIdleFix();
  const kafka = config.KAFKA_BROKERS
    ? new Kafka({
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
  let consumer: Consumer | null = null;
  let producerConnected = false;

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
  };

  const app: ServiceApp = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: def.bodyLimit ?? 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    forceCloseConnections: true,
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

  if (def.verifyIdentityToken !== false) {
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
    if (def.readiness) checks.service = await def.readiness(ctx).catch(() => false);
    const ready = Object.entries(checks).every(([name, ok]) => ok || name === 'redis');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  await def.routes(app, ctx);

  let workersStarted = false;
  const service: Service<C> = {
    app,
    ctx,
    async listen() {
      return app.listen({ port: config.PORT, host: config.HOST });
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
          definitions: def.consumers ?? [],
          producer,
          logger,
        });
      }
      await def.onStart?.(ctx);
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
    async stop() {
      await app.close();
      await def.onStop?.(ctx).catch((err) => logger.warn({ err }, 'onStop failed'));
      await consumer?.disconnect().catch(() => undefined);
      await relay?.stop().catch(() => undefined);
      await producer?.disconnect().catch(() => undefined);
      redis?.disconnect();
      await sql.end().catch(() => undefined);
      await orm.close(true);
      await stopTelemetry();
    },
  };
  return service;
}

/** Runs a service as a process: listen, workers, graceful shutdown on SIGTERM/SIGINT. */
export async function runService<C extends TBaseConfig>(
  build: Promise<Service<C>> | (() => Promise<Service<C>>),
) {
  let service: Service<C>;
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
    service.ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await service.stop().catch((err) => service.ctx.logger.error({ err }, 'shutdown failed'));
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return service;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Body: Infer<R['body']>;
  Querystring: Infer<R['query']>;
  Params: Infer<R['params']>;
}>;

/**
 * Registers a contracts route: method, path and zod schemas (body, query, params, responses) come from
 * the one definition the OpenAPI document is generated from.
 */
export function route<R extends ApiRoute>(
  app: ServiceApp,
  def: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<unknown>,
  options: {
    preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    bodyLimit?: number;
  } = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: def.responses,
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

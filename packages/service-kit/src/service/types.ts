import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EntityManager, EntitySchema, MikroORM } from '@mikro-orm/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kafka, Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { Identity } from '../auth.js';
import type { TBaseConfig } from '../config.js';
import type { ConsumerDefinition } from '../consumer.js';
import type { TMigrationList } from '../db.js';
import type { ScheduleDefinition } from '../schedules.js';
import type { SqlReader } from '../sql.js';
import type { TActorBase, TRouter } from './route-types.js';

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

import type { EntitySchema, MikroORM } from '@mikro-orm/core';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import pino, { type Logger } from 'pino';
import { installSeedErrorMessages } from '@dealflow/contracts';
import type { TBaseConfig } from '../config.js';
import { openDatabase, type TMigrationList } from '../db.js';
import { applyKafkajsIdleFix } from '../kafkajs-idle-fix.js';
import { kafkaConnectionOptions } from '../kafka-options.js';
import { loggerOptions } from '../logger.js';
import { createSqlReader, type SqlReader } from '../sql.js';
import { startTelemetry, telemetryStatus } from '../telemetry.js';

export interface TConnections {
  logger: Logger;
  databaseUrl: string;
  orm: MikroORM;
  /** Its own few connections, so a burst of hot reads never waits behind the ORM's transactions. */
  sql: SqlReader;
  redis: Redis | null;
  kafka: Kafka | null;
}

/** The logger, telemetry, database (migrated), Redis and the broker client of one service, opened once at boot. */
export async function openConnections(def: {
  name: string;
  config: TBaseConfig;
  entities: EntitySchema[];
  migrations: TMigrationList;
}): Promise<TConnections> {
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
  const kafka = config.KAFKA_BROKERS
    ? new Kafka({
        ...kafkaConnectionOptions(config),
        clientId: def.name,
        brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
        logLevel: logLevel.NOTHING,
        retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 2000 },
      })
    : null;
  if (!kafka) logger.warn('KAFKA_BROKERS is not set: events stay in the outbox until a broker is configured');
  const sql = createSqlReader(databaseUrl, Math.min(4, config.DATABASE_POOL_MAX));
  return { logger, databaseUrl, orm, sql, redis, kafka };
}

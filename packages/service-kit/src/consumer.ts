import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { EventPayloads, ZEnvelope, deadLetterTopic, type TEventOf, type TTopic } from '@dealflow/contracts';
import type { IHeaders, Consumer as KafkaConsumer, Kafka, Producer } from 'kafkajs';
import type { Logger } from 'pino';
import {
  DamagedDeliveryError,
  EVENT_ID_HEADER,
  checkDelivery,
  eventHeaders,
  headerText,
} from './delivery.js';
import { kitMetrics } from './metrics.js';
import { withConsumerSpan } from './trace-context.js';

export interface ConsumerContext {
  em: EntityManager;
  logger: Logger;
}

export interface ConsumerDefinition<T extends TTopic = TTopic> {
  topic: T;
  /** Inbox key: one service may handle a topic once per name. */
  name: string;
  handler: (event: TEventOf<T>, ctx: ConsumerContext) => Promise<void>;
}

/** A handler for one topic. It runs in one transaction with its inbox row: its effect is applied once. */
export function defineConsumer<T extends TTopic>(
  topic: T,
  handler: (event: TEventOf<T>, ctx: ConsumerContext) => Promise<void>,
  name: string = topic,
): ConsumerDefinition<T> {
  return { topic, name, handler };
}

/**
 * How a failing event is retried. A few quick attempts ride out a blip (a deadlock, a restarting
 * database); then the event is parked in kit_retry and the partition moves on: the retry worker tries it
 * again with exponential backoff and jitter (1 s, 2 s, 4 s ... capped, ~6 min over the default 10
 * attempts), and after the last one it becomes a dead letter (kit_dead_letter, `node dist/dead-letters.js`).
 * Blocking the partition for minutes instead would stall every other organization sharing it; parking keeps
 * them flowing, and a later event of the parked organization waits behind the parked one (same key), so
 * one organization's events still apply in order.
 */
export interface TRetryPolicy {
  quickAttempts: number;
  quickBackoffMs: number;
  /** Attempts in all (quick ones included) before the event is dead-lettered. */
  maxAttempts: number;
  baseMs: number;
  maxDelayMs: number;
}
export const DEFAULT_RETRY_POLICY: TRetryPolicy = {
  quickAttempts: 3,
  quickBackoffMs: 100,
  maxAttempts: 10,
  baseMs: 1000,
  maxDelayMs: 300_000,
};

/** Delay before the next try after `attempt` failed parked tries: exponential, capped, half of it random. */
export function retryDelayMs(attempt: number, policy: TRetryPolicy, random: () => number = Math.random) {
  const exponential = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export type HandleOutcome = 'handled' | 'duplicate' | 'parked' | 'dead-lettered';

/**
 * Applies one event: inbox row + handler in one transaction. A few quick retries; then the event is parked
 * for the retry worker (see TRetryPolicy) and the partition moves on. An event whose organization already
 * has one parked for this consumer is parked behind it.
 */
export async function handleEvent(
  orm: MikroORM,
  service: string,
  definition: ConsumerDefinition,
  raw: string,
  deps: {
    logger: Logger;
    producer: Producer | null;
    retry?: TRetryPolicy;
    /** The Kafka message's headers: its `traceparent` is the parent of this consumer's span. */
    headers?: IHeaders;
    /** The Kafka message's key and place (`topic/partition@offset`), kept with an unparseable event's dead letter. */
    key?: string | null;
    where?: string;
  },
): Promise<HandleOutcome> {
  const log = deps.logger.child({ topic: definition.topic, consumer: definition.name });
  let event: TEventOf<TTopic>;
  try {
    const envelope = ZEnvelope.parse(JSON.parse(raw));
    const data = EventPayloads[definition.topic].parse(envelope.data);
    event = { ...envelope, data } as TEventOf<TTopic>;
  } catch (err) {
    // A payload that cannot be parsed will never succeed: a dead letter at once, kept with the bytes as they
    // came (listed and replayed like any other: `node dist/dead-letters.js`), logged and counted.
    kitMetrics().eventsDeadLettered.add(1, { service, topic: definition.topic });
    log.error(
      { err: (err as Error).message, raw: raw.slice(0, 500) },
      `dead letter: unparseable event on ${definition.topic}: ${(err as Error).message.slice(0, 300)}`,
    );
    await keepUnparseable(orm, definition, raw, errorText(err), deps).catch((e) =>
      log.error({ err: e }, 'could not keep the unparseable event as a dead letter'),
    );
    return 'dead-lettered';
  }
  const parsed = event;
  const policy = deps.retry ?? DEFAULT_RETRY_POLICY;
  return withConsumerSpan(
    {
      topic: definition.topic,
      consumer: service,
      eventId: parsed.id,
      headers: deps.headers,
      traceparent: parsed.traceparent,
    },
    async (span) => {
      let outcome: HandleOutcome;
      if (await hasParked(orm, definition.name, parsed.orgId)) {
        await park(orm, definition, parsed, 0, 'waiting behind an earlier event of the same organization', 0);
        outcome = 'parked';
      } else {
        const result = await applyWithQuickRetries(orm, service, definition, parsed, log, policy);
        if (result.ok) outcome = result.outcome;
        else {
          await park(
            orm,
            definition,
            parsed,
            policy.quickAttempts,
            errorText(result.error),
            retryDelayMs(1, policy),
          );
          log.warn({ err: result.error, eventId: parsed.id }, 'event parked for retry with backoff');
          outcome = 'parked';
        }
      }
      span.setAttributes({ 'dealflow.consumer': definition.name, 'dealflow.outcome': outcome });
      return outcome;
    },
  );
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 1000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores an event that did not parse (or failed its contract) in kit_dead_letter: the payload is the JSON it
 * held when it was JSON (a contract mismatch, replayable once the consumer accepts it), else the text as it
 * came (a JSON string in the jsonb column, replayed verbatim). The event id is the `event-id` header's, or
 * the envelope's, or a new one.
 */
async function keepUnparseable(
  orm: MikroORM,
  definition: ConsumerDefinition,
  raw: string,
  error: string,
  deps: { headers?: IHeaders; key?: string | null; where?: string },
): Promise<void> {
  let payload: unknown = raw;
  try {
    payload = JSON.parse(raw);
  } catch {
    // kept as text
  }
  const envelope = (payload && typeof payload === 'object' ? payload : {}) as {
    id?: unknown;
    orgId?: unknown;
  };
  const eventId = [headerText(deps.headers, EVENT_ID_HEADER), envelope.id].find(
    (id): id is string => typeof id === 'string' && UUID.test(id),
  );
  await orm.em.getConnection().execute(
    `INSERT INTO kit_dead_letter (id, event_id, consumer, topic, key, payload, attempts, error)
     VALUES (?, ?, ?, ?, ?, ?::jsonb, 1, ?)`,
    [
      randomUUID(),
      eventId ?? randomUUID(),
      definition.name,
      definition.topic,
      deps.key ?? (typeof envelope.orgId === 'string' ? envelope.orgId : ''),
      JSON.stringify(payload),
      `unparseable${deps.where ? ` at ${deps.where}` : ''}: ${error}`,
    ],
  );
}

async function applyOnce(
  orm: MikroORM,
  definition: ConsumerDefinition,
  event: TEventOf<TTopic>,
  log: Logger,
  /** Runs in the same transaction, whatever the inbox says (the retry worker deletes its parked row). */
  alsoInTransaction?: (em: EntityManager) => Promise<void>,
): Promise<'handled' | 'duplicate'> {
  return orm.em.fork().transactional(async (em) => {
    await alsoInTransaction?.(em);
    const result = await em
      .getConnection()
      .execute(
        'INSERT INTO kit_inbox (event_id, consumer) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [event.id, definition.name],
        'run',
        em.getTransactionContext(),
      );
    if (result.affectedRows === 0) return 'duplicate' as const;
    await definition.handler(event, { em, logger: log.child({ eventId: event.id }) });
    return 'handled' as const;
  });
}

async function applyWithQuickRetries(
  orm: MikroORM,
  service: string,
  definition: ConsumerDefinition,
  event: TEventOf<TTopic>,
  log: Logger,
  policy: TRetryPolicy,
): Promise<{ ok: true; outcome: 'handled' | 'duplicate' } | { ok: false; error: unknown }> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.quickAttempts; attempt++) {
    try {
      const outcome = await applyOnce(orm, definition, event, log);
      kitMetrics().eventsHandled.add(1, { service, topic: definition.topic, outcome });
      if (outcome === 'duplicate') log.debug({ eventId: event.id }, 'duplicate event ignored');
      return { ok: true, outcome };
    } catch (err) {
      lastError = err;
      log.warn({ err, eventId: event.id, attempt }, 'event handler failed');
      if (attempt < policy.quickAttempts)
        await new Promise((r) => setTimeout(r, policy.quickBackoffMs * 2 ** (attempt - 1)));
    }
  }
  return { ok: false, error: lastError };
}

async function hasParked(orm: MikroORM, consumer: string, key: string): Promise<boolean> {
  const rows = await orm.em
    .getConnection()
    .execute<unknown[]>('SELECT 1 FROM kit_retry WHERE consumer = ? AND key = ? LIMIT 1', [consumer, key]);
  return rows.length > 0;
}

async function park(
  orm: MikroORM,
  definition: ConsumerDefinition,
  event: TEventOf<TTopic>,
  attempts: number,
  lastError: string,
  delayMs: number,
): Promise<void> {
  await orm.em.getConnection().execute(
    `INSERT INTO kit_retry (id, event_id, consumer, topic, key, payload, attempts, last_error, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, now() + (? * interval '1 millisecond'))`,
    [
      randomUUID(),
      event.id,
      definition.name,
      definition.topic,
      event.orgId,
      JSON.stringify(event),
      attempts,
      lastError,
      delayMs,
    ],
  );
}

interface TParkedRow {
  id: string;
  event_id: string;
  consumer: string;
  topic: string;
  key: string;
  payload: TEventOf<TTopic>;
  attempts: number;
}

/**
 * Retries parked events: each tick claims the due oldest event of every (consumer, organization) for a
 * lease (SKIP LOCKED: replicas share the work), applies it, and on failure schedules the next try or,
 * after the last, moves it to kit_dead_letter (and the service's dead-letter topic, for logs and alerts).
 */
export class RetryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: {
      orm: MikroORM;
      service: string;
      definitions: ConsumerDefinition[];
      producer: () => Producer | null;
      logger: Logger;
      policy: TRetryPolicy;
    },
  ) {}

  start(): void {
    const pollMs = Math.max(20, Math.min(1000, this.options.policy.baseMs));
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(() => undefined)
        .catch((err) => this.options.logger.warn({ err }, 'retry worker tick failed'))
        .finally(() => (this.running = null));
    }, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the due parked events; returns how many were tried. */
  async tick(): Promise<number> {
    const { orm, policy } = this.options;
    const due = await orm.em.getConnection().execute<TParkedRow[]>(
      `UPDATE kit_retry SET next_attempt_at = now() + interval '5 minutes'
       WHERE id IN (
         SELECT h.id FROM kit_retry h
         WHERE h.next_attempt_at <= now()
           AND NOT EXISTS (SELECT 1 FROM kit_retry o WHERE o.consumer = h.consumer AND o.key = h.key
                           AND (o.created_at, o.id) < (h.created_at, h.id))
         ORDER BY h.created_at LIMIT 50 FOR UPDATE SKIP LOCKED)
       RETURNING id, event_id, consumer, topic, key, payload, attempts`,
    );
    for (const row of due) await this.retry(row, policy);
    return due.length;
  }

  private async retry(row: TParkedRow, policy: TRetryPolicy): Promise<void> {
    const { orm, service, logger } = this.options;
    const connection = orm.em.getConnection();
    const definition = this.options.definitions.find((d) => d.name === row.consumer);
    const log = logger.child({ topic: row.topic, consumer: row.consumer, eventId: row.event_id });
    let error: unknown = new Error(`no consumer named ${row.consumer} in this service`);
    if (definition) {
      try {
        const outcome = await applyOnce(orm, definition, row.payload, log, (em) =>
          em
            .getConnection()
            .execute('DELETE FROM kit_retry WHERE id = ?', [row.id], 'run', em.getTransactionContext())
            .then(() => undefined),
        );
        kitMetrics().eventsHandled.add(1, { service, topic: row.topic, outcome });
        log.info({ attempts: row.attempts + 1 }, 'parked event applied');
        return;
      } catch (err) {
        error = err;
      }
    }
    const attempts = row.attempts + 1;
    if (attempts < policy.maxAttempts) {
      const delayMs = retryDelayMs(Math.max(1, attempts - policy.quickAttempts + 1), policy);
      log.warn({ err: error, attempts, delayMs }, 'parked event failed again');
      await connection.execute(
        `UPDATE kit_retry SET attempts = ?, last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond')
         WHERE id = ?`,
        [attempts, errorText(error), delayMs, row.id],
      );
      return;
    }
    kitMetrics().eventsDeadLettered.add(1, { service, topic: row.topic });
    log.error({ err: error, attempts }, 'dead letter: event handler kept failing');
    await orm.em.fork().transactional(async (em) => {
      const c = em.getConnection();
      const tx = em.getTransactionContext();
      await c.execute(
        `INSERT INTO kit_dead_letter (id, event_id, consumer, topic, key, payload, attempts, error)
         SELECT id, event_id, consumer, topic, key, payload, ?, ? FROM kit_retry WHERE id = ?`,
        [attempts, errorText(error), row.id],
        'run',
        tx,
      );
      await c.execute('DELETE FROM kit_retry WHERE id = ?', [row.id], 'run', tx);
    });
    const producer = this.options.producer();
    if (producer) {
      const dead = {
        id: randomUUID(),
        type: deadLetterTopic(service),
        version: 1,
        occurredAt: new Date().toISOString(),
        orgId: row.key,
        data: {
          topic: row.topic,
          consumer: row.consumer,
          attempts,
          error: errorText(error),
          event: row.payload,
        },
      };
      const value = JSON.stringify(dead);
      await producer
        .send({
          topic: deadLetterTopic(service),
          messages: [{ key: row.key, value, headers: eventHeaders(value, dead.id) }],
        })
        .catch((err) => log.error({ err }, 'could not publish dead letter'));
    }
  }
}

/** How many times a damaged delivery of one message is fetched again before it is handled as it came. */
export const DAMAGED_DELIVERY_REFETCHES = 3;

export interface TConsumers {
  /** Stops consuming (no restart after this). */
  disconnect(): Promise<void>;
}

/**
 * Subscribes the service's consumer group (group id = service name) to its topics.
 *
 * Each message's bytes are checked against the producer's digest (`delivery.ts`) before any handler sees
 * them: a damaged delivery is fetched again (the handler throws, kafkajs retries from that offset), up to
 * DAMAGED_DELIVERY_REFETCHES times; a message still damaged after that is handled as it came (an
 * unparseable one becomes a dead letter). kafkajs restarts a consumer that crashed on a retriable error
 * itself, but not one that crashed on a non-retriable one, which includes a fetch response it could not
 * decode (a RangeError): that consumer would stay stopped until the process restarts, so a new one is
 * started here.
 */
export async function startConsumers(options: {
  kafka: Kafka;
  orm: MikroORM;
  service: string;
  definitions: ConsumerDefinition[];
  producer: Producer | null;
  logger: Logger;
  retry?: TRetryPolicy;
  partitionsConsumedConcurrently?: number;
  /** Delay before a crashed consumer is replaced (ms). */
  restartDelayMs?: number;
}): Promise<TConsumers | null> {
  if (options.definitions.length === 0) return null;
  const byTopic = new Map<string, ConsumerDefinition[]>();
  for (const d of options.definitions) byTopic.set(d.topic, [...(byTopic.get(d.topic) ?? []), d]);
  const refetched = new Map<string, number>();
  let stopped = false;
  let current: KafkaConsumer | null = null;
  let restartTimer: NodeJS.Timeout | null = null;

  const start = async (): Promise<void> => {
    const consumer = options.kafka.consumer({
      groupId: options.service,
      sessionTimeout: 15_000,
      heartbeatInterval: 1_000,
      retry: { retries: 20, initialRetryTime: 200, maxRetryTime: 5_000 },
    });
    current = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || stopped || current !== consumer) return;
      options.logger.error(
        { err: payload.error?.message, groupId: payload.groupId },
        'consumer crashed on a non-retriable error: starting a new one',
      );
      scheduleRestart();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...byTopic.keys()], fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 3,
      eachMessage: async ({ topic, partition, message }) => {
        const where = `${topic}/${partition}@${message.offset}`;
        if (checkDelivery(message.value, message.headers) === 'damaged') {
          const times = (refetched.get(where) ?? 0) + 1;
          if (times <= DAMAGED_DELIVERY_REFETCHES) {
            refetched.set(where, times);
            kitMetrics().deliveriesDamaged.add(1, { service: options.service, topic });
            options.logger.warn(
              { topic, partition, offset: message.offset, times },
              'damaged delivery (value differs from its digest): fetching it again',
            );
            throw new DamagedDeliveryError(`damaged delivery at ${where}`);
          }
        }
        refetched.delete(where);
        const raw = message.value?.toString('utf8') ?? '';
        for (const definition of byTopic.get(topic) ?? []) {
          await handleEvent(options.orm, options.service, definition, raw, {
            logger: options.logger,
            producer: options.producer,
            headers: message.headers,
            key: message.key?.toString('utf8') ?? null,
            where,
            ...(options.retry ? { retry: options.retry } : {}),
          });
        }
      },
    });
  };
  const scheduleRestart = () => {
    if (stopped) return;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      start().catch((err) => {
        options.logger.warn({ err: (err as Error).message }, 'could not start the consumer again: retrying');
        void current?.disconnect().catch(() => undefined);
        scheduleRestart();
      });
    }, options.restartDelayMs ?? 1_000);
    restartTimer.unref();
  };

  await start();
  return {
    async disconnect() {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      await current?.disconnect();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { EventPayloads, ZEnvelope, deadLetterTopic, type TEventOf, type TTopic } from '@dealflow/contracts';
import type { IHeaders, Consumer as KafkaConsumer, Kafka, Producer } from 'kafkajs';
import type { Logger } from 'pino';
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

export const MAX_ATTEMPTS = 5;

export type HandleOutcome = 'handled' | 'duplicate' | 'dead-lettered';

/**
 * Applies one event: inbox row + handler in one transaction. Retries with backoff; after MAX_ATTEMPTS
 * the event goes to the service's dead-letter topic (and the logs and metrics), and the partition moves on.
 */
export async function handleEvent(
  orm: MikroORM,
  service: string,
  definition: ConsumerDefinition,
  raw: string,
  deps: {
    logger: Logger;
    producer: Producer | null;
    backoffMs?: number;
    /** The Kafka message's headers: its `traceparent` is the parent of this consumer's span. */
    headers?: IHeaders;
  },
): Promise<HandleOutcome> {
  const log = deps.logger.child({ topic: definition.topic, consumer: definition.name });
  let event: TEventOf<TTopic>;
  try {
    const envelope = ZEnvelope.parse(JSON.parse(raw));
    const data = EventPayloads[definition.topic].parse(envelope.data);
    event = { ...envelope, data } as TEventOf<TTopic>;
  } catch (err) {
    // A payload that cannot be parsed will never succeed: straight to the logs as a dead letter.
    kitMetrics().eventsDeadLettered.add(1, { service, topic: definition.topic });
    log.error({ err: (err as Error).message, raw: raw.slice(0, 500) }, 'dead letter: unparseable event');
    return 'dead-lettered';
  }
  const parsed = event;
  return withConsumerSpan(
    {
      topic: definition.topic,
      consumer: service,
      eventId: parsed.id,
      headers: deps.headers,
      traceparent: parsed.traceparent,
    },
    async (span) => {
      const outcome = await applyEvent(orm, service, definition, parsed, log, deps);
      span.setAttributes({ 'dealflow.consumer': definition.name, 'dealflow.outcome': outcome });
      return outcome;
    },
  );
}

async function applyEvent(
  orm: MikroORM,
  service: string,
  definition: ConsumerDefinition,
  event: TEventOf<TTopic>,
  log: Logger,
  deps: { producer: Producer | null; backoffMs?: number },
): Promise<HandleOutcome> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      const outcome = await orm.em.fork().transactional(async (em) => {
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
      kitMetrics().eventsHandled.add(1, { service, topic: definition.topic, outcome });
      if (outcome === 'duplicate') log.debug({ eventId: event.id }, 'duplicate event ignored');
      return outcome;
    } catch (err) {
      lastError = err;
      log.warn({ err, eventId: event.id, attempt }, 'event handler failed');
      if (attempt < MAX_ATTEMPTS)
        await new Promise((r) => setTimeout(r, (deps.backoffMs ?? 100) * 2 ** (attempt - 1)));
    }
  }
  kitMetrics().eventsDeadLettered.add(1, { service, topic: definition.topic });
  log.error({ err: lastError, eventId: event.id }, 'dead letter: event handler kept failing');
  if (deps.producer) {
    const dead = {
      id: randomUUID(),
      type: deadLetterTopic(service),
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: event.orgId,
      data: {
        topic: definition.topic,
        consumer: definition.name,
        attempts: MAX_ATTEMPTS,
        error: String((lastError as Error)?.message ?? lastError).slice(0, 1000),
        event,
      },
    };
    await deps.producer
      .send({
        topic: deadLetterTopic(service),
        messages: [{ key: event.orgId, value: JSON.stringify(dead) }],
      })
      .catch((err) => log.error({ err }, 'could not publish dead letter'));
  }
  return 'dead-lettered';
}

/** Subscribes the service's consumer group (group id = service name) to its topics. */
export async function startConsumers(options: {
  kafka: Kafka;
  orm: MikroORM;
  service: string;
  definitions: ConsumerDefinition[];
  producer: Producer | null;
  logger: Logger;
  partitionsConsumedConcurrently?: number;
}): Promise<KafkaConsumer | null> {
  if (options.definitions.length === 0) return null;
  const consumer = options.kafka.consumer({
    groupId: options.service,
    sessionTimeout: 15_000,
    heartbeatInterval: 1_000,
    retry: { retries: 20, initialRetryTime: 200, maxRetryTime: 5_000 },
  });
  await consumer.connect();
  const byTopic = new Map<string, ConsumerDefinition[]>();
  for (const d of options.definitions) byTopic.set(d.topic, [...(byTopic.get(d.topic) ?? []), d]);
  await consumer.subscribe({ topics: [...byTopic.keys()], fromBeginning: true });
  await consumer.run({
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 3,
    eachMessage: async ({ topic, message }) => {
      const raw = message.value?.toString('utf8') ?? '';
      for (const definition of byTopic.get(topic) ?? []) {
        await handleEvent(options.orm, options.service, definition, raw, {
          logger: options.logger,
          producer: options.producer,
          headers: message.headers,
        });
      }
    },
  });
  return consumer;
}

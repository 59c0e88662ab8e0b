import { randomUUID } from 'node:crypto';
import type { TEventOf, TEventPayload, TTopic } from '@dealflow/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { eventHeaders } from '../delivery.js';
import { waitFor } from './wait-for.js';

/** The envelope every event travels in (ARCHITECTURE.md, Events), as another service would publish it. */
export function buildEnvelope<T extends TTopic>(
  topic: T,
  data: TEventPayload<T>,
  options: { id?: string; orgId?: number | string; occurredAt?: Date } = {},
): TEventOf<T> {
  return {
    id: options.id ?? randomUUID(),
    type: topic,
    version: 1,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    orgId: String(options.orgId ?? (data as { orgId?: number | null }).orgId ?? 0),
    data,
  } as TEventOf<T>;
}

export type TTestEventBus = Awaited<ReturnType<typeof createTestEventBus>>;

/**
 * Plays the other services in a test: publishes their events on the real broker, keyed by organization,
 * and collects what the service under test publishes.
 */
export async function createTestEventBus(brokers: string, clientPrefix = 'test') {
  const kafka = new Kafka({
    clientId: `${clientPrefix}-${randomUUID().slice(0, 8)}`,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const received: TEventOf<TTopic>[] = [];
  const consumers: ReturnType<typeof kafka.consumer>[] = [];
  const of = <T extends TTopic>(topic: T, orgId?: number): TEventOf<T>[] =>
    received.filter(
      (e) => e.type === topic && (orgId === undefined || e.orgId === String(orgId)),
    ) as TEventOf<T>[];
  return {
    received,
    /** Publishes one event (or the same envelope again, to test redelivery) and returns its envelope. */
    async publish<T extends TTopic>(
      topic: T,
      data: TEventPayload<T>,
      options: { id?: string; orgId?: number; copies?: number } = {},
    ): Promise<TEventOf<T>> {
      const event = buildEnvelope(topic, data, options);
      const value = JSON.stringify(event);
      const message = { key: event.orgId, value, headers: eventHeaders(value, event.id) };
      await producer.send({ topic, messages: Array.from({ length: options.copies ?? 1 }, () => message) });
      return event;
    },
    /** Starts collecting these topics from the beginning (a group of its own). */
    async listen(topics: TTopic[]) {
      const consumer = kafka.consumer({ groupId: `${clientPrefix}-test-${randomUUID()}` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push(JSON.parse(message.value?.toString('utf8') ?? '{}') as TEventOf<TTopic>);
        },
      });
      consumers.push(consumer);
    },
    of,
    async waitForEvents<T extends TTopic>(topic: T, orgId: number, count = 1, timeoutMs = 15_000) {
      await waitFor(() => of(topic, orgId).length >= count, { timeoutMs });
      return of(topic, orgId);
    },
    async stop() {
      for (const consumer of consumers) await consumer.disconnect().catch(() => undefined);
      await producer.disconnect().catch(() => undefined);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { TEventOf, TEventPayload, TTopic } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';

/** Plays the other services in tests: publishes their events and collects what billing publishes. */
export async function createTestEventBus(brokers: string) {
  const kafka = new Kafka({
    clientId: `billing-test-${randomUUID().slice(0, 8)}`,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const received: TEventOf<TTopic>[] = [];
  const consumers: ReturnType<typeof kafka.consumer>[] = [];
  return {
    received,
    async publish<T extends TTopic>(topic: T, data: TEventPayload<T>, envelope: { id?: string } = {}) {
      const event = {
        id: envelope.id ?? randomUUID(),
        type: topic,
        version: 1,
        occurredAt: new Date().toISOString(),
        orgId: String((data as { orgId?: number | null }).orgId ?? 0),
        data,
      };
      await producer.send({ topic, messages: [{ key: event.orgId, value: JSON.stringify(event) }] });
      return event;
    },
    async listen(topics: TTopic[]) {
      const consumer = kafka.consumer({ groupId: `billing-test-${randomUUID()}` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push(JSON.parse(message.value?.toString('utf8') ?? '{}') as TEventOf<TTopic>);
        },
      });
      consumers.push(consumer);
    },
    of<T extends TTopic>(topic: T, orgId?: number): TEventOf<T>[] {
      return received.filter(
        (e) => e.type === topic && (orgId === undefined || e.orgId === String(orgId)),
      ) as TEventOf<T>[];
    },
    async waitForEvents<T extends TTopic>(topic: T, orgId: number, count = 1, timeoutMs = 15_000) {
      await waitFor(() => this.of(topic, orgId).length >= count, { timeoutMs });
      return this.of(topic, orgId);
    },
    async stop() {
      for (const consumer of consumers) await consumer.disconnect().catch(() => undefined);
      await producer.disconnect().catch(() => undefined);
    },
  };
}

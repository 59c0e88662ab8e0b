import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { TEventOf, TEventPayload, TTopic } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';

/** Plays the other services in tests: publishes their events and collects what crm publishes. */
export async function createTestEventBus(brokers: string) {
  const kafka = new Kafka({
    clientId: `crm-test-${randomUUID().slice(0, 8)}`,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const received: TEventOf<TTopic>[] = [];
  const consumers: ReturnType<typeof kafka.consumer>[] = [];
  return {
    received,
    async publish<T extends TTopic>(
      topic: T,
      data: TEventPayload<T>,
      envelope: { id?: string; orgId?: number } = {},
    ) {
      const event = {
        id: envelope.id ?? randomUUID(),
        type: topic,
        version: 1,
        occurredAt: new Date().toISOString(),
        orgId: String(envelope.orgId ?? (data as { orgId: number }).orgId),
        data,
      };
      await producer.send({ topic, messages: [{ key: event.orgId, value: JSON.stringify(event) }] });
      return event;
    },
    async listen(topics: TTopic[]) {
      const consumer = kafka.consumer({ groupId: `crm-test-${randomUUID()}` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push(JSON.parse(message.value?.toString('utf8') ?? '{}') as TEventOf<TTopic>);
        },
      });
      consumers.push(consumer);
    },
    of<T extends TTopic>(topic: T, emailId?: number): TEventOf<T>[] {
      return received.filter(
        (e) =>
          e.type === topic && (emailId === undefined || (e.data as { emailId?: number }).emailId === emailId),
      ) as TEventOf<T>[];
    },
    /** Waits until `count` events of the topic (for that record) have arrived, and returns them. */
    async waitForEvents<T extends TTopic>(
      topic: T,
      emailId: number,
      count = 1,
      timeoutMs = 15_000,
    ): Promise<TEventOf<T>[]> {
      await waitFor(() => this.of(topic, emailId).length >= count, { timeoutMs });
      return this.of(topic, emailId);
    },
    async stop() {
      for (const consumer of consumers) await consumer.disconnect().catch(() => undefined);
      await producer.disconnect().catch(() => undefined);
    },
  };
}

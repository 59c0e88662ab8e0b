import { EventPayloads, SERVICES, TopicRoutes, ZDeadLettered, ZEnvelope, deadLetterTopic } from './events.js';
import { toJsonSchema } from './json-schema.js';

export const DEFAULT_PARTITIONS = 3;

const channelId = (topic: string) => topic.replace(/\./g, '-');

/** Envelope whose `data` is the given payload schema. */
function envelopeSchema(data: Record<string, unknown>) {
  const envelope = toJsonSchema(ZEnvelope);
  const properties = { ...(envelope.properties as Record<string, unknown>), data };
  return { ...envelope, properties, required: [...((envelope.required as string[]) ?? []), 'data'] };
}

/**
 * AsyncAPI 3 document of every topic, built from the zod schemas (so the two cannot drift). The broker
 * that `npm start` and the tests run reads it: it declares the topics with their partitions and
 * refuses payloads that break the schemas.
 */
export function buildAsyncApi(options: { host?: string; partitions?: number } = {}) {
  const host = options.host ?? '127.0.0.1:9092';
  const partitions = options.partitions ?? DEFAULT_PARTITIONS;
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const receiveBindings = { kafka: { groupId: { type: 'string' }, clientId: { type: 'string' } } };

  const addChannel = (
    topic: string,
    payload: Record<string, unknown>,
    producer: string,
    consumers: string[],
  ) => {
    const id = channelId(topic);
    channels[id] = {
      address: topic,
      messages: { event: { contentType: 'application/json', payload } },
      bindings: { kafka: { partitions } },
    };
    operations[`${producer}-sends-${id}`] = { action: 'send', channel: { $ref: `#/channels/${id}` } };
    for (const consumer of consumers) {
      operations[`${consumer}-receives-${id}`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${id}` },
        bindings: receiveBindings,
      };
    }
  };

  for (const [topic, schema] of Object.entries(EventPayloads)) {
    const route = TopicRoutes[topic as keyof typeof TopicRoutes];
    addChannel(topic, envelopeSchema(toJsonSchema(schema)), route.producer, route.consumers);
  }
  for (const service of SERVICES) {
    // Dead letters are read by operators (and the tests), under the `ops` group.
    addChannel(deadLetterTopic(service), envelopeSchema(toJsonSchema(ZDeadLettered)), service, ['ops']);
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Deal-flow events',
      version: '1.0.0',
      description: 'Envelope {id, type, version, occurredAt, orgId, actorId?, data}; key = orgId.',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host,
        protocol: 'kafka',
        bindings: { kafka: { 'group.initial.rebalance.delay.ms': 200 } },
      },
    },
    channels,
    operations,
  };
}

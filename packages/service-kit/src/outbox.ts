import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { EventPayloads, type TEventOf, type TEventPayload, type TTopic } from '@dealflow/contracts';
import type { Producer } from 'kafkajs';
import pg from 'pg';
import type { Logger } from 'pino';
import { OutboxSchema } from './kit-tables.js';
import { eventHeaders } from './delivery.js';
import { kitMetrics } from './metrics.js';
import { currentTraceparent, startPublishSpan } from './trace-context.js';

export interface PublishInput<T extends TTopic> {
  topic: T;
  orgId: number | string;
  actorId?: number | string | null;
  data: TEventPayload<T>;
  version?: number;
}

/**
 * Records an event in the outbox, in the caller's unit of work: it is written by the same flush /
 * transaction as the state change, so it exists if and only if the change was committed. The payload
 * is validated against the contract here, not when the relay sends it.
 */
export function publishEvent<T extends TTopic>(em: EntityManager, input: PublishInput<T>): TEventOf<T> {
  const data = EventPayloads[input.topic].parse(input.data) as TEventPayload<T>;
  const envelope: TEventOf<T> = {
    id: randomUUID(),
    type: input.topic,
    version: input.version ?? 1,
    occurredAt: new Date().toISOString(),
    orgId: String(input.orgId),
    ...(input.actorId !== undefined && input.actorId !== null ? { actorId: String(input.actorId) } : {}),
    ...traceField(),
    data,
  };
  em.persist(
    em.create(OutboxSchema, {
      id: envelope.id,
      topic: input.topic,
      key: envelope.orgId,
      payload: envelope as unknown as Record<string, unknown>,
      createdAt: new Date(),
    }),
  );
  return envelope;
}

/** The writing span's traceparent, kept in the envelope (no column: the kit's tables stay as migrated). */
function traceField(): { traceparent?: string } {
  const traceparent = currentTraceparent();
  return traceparent ? { traceparent } : {};
}

/** kafkajs reports a broker's INVALID_RECORD as `type`, possibly wrapped by its retry layer. */
function isInvalidRecord(err: unknown): boolean {
  for (let e = err as { type?: string; message?: string; originalError?: unknown } | undefined; e;) {
    if (
      e.type === 'INVALID_RECORD' ||
      /INVALID_RECORD|failed the validation on broker/i.test(e.message ?? '')
    )
      return true;
    e = e.originalError as typeof e;
  }
  return false;
}

interface RelayOptions {
  databaseUrl: string;
  /** The relay owns its producer: after a failed send it starts a fresh one (a restarted broker does not know the old producer id). */
  createProducer: () => Producer;
  logger: Logger;
  pollMs: number;
  batchSize?: number;
}

/**
 * Publishes committed outbox rows to Kafka, oldest first, and deletes them once the broker has them.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so replicas share the work without sending a row twice
 * at the same time. It wakes on the table's NOTIFY, and polls as a fallback. While the broker is down the
 * rows stay and are retried with backoff: nothing is lost.
 */
export class OutboxRelay {
  private pool: pg.Pool;
  private listener: pg.Client | null = null;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private pending = false;
  private producer: Producer | null = null;
  private oneByOne = false;

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.options.createProducer();
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  private async dropProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }

  constructor(private readonly options: RelayOptions) {
    this.pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    // An idle client losing its server (PostgreSQL restarting) must not crash the process: the next round retries.
    this.pool.on('error', (err) => options.logger.warn({ err: err.message }, 'outbox pool connection lost'));
  }

  async start(): Promise<void> {
    this.running = true;
    this.listener = new pg.Client({ connectionString: this.options.databaseUrl });
    this.listener.on('error', (err) => this.options.logger.warn({ err }, 'outbox listener error'));
    await this.listener.connect();
    this.listener.on('notification', () => this.nudge());
    await this.listener.query('LISTEN kit_outbox');
    this.loop = this.run();
  }

  nudge(): void {
    this.pending = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      let sent = 0;
      try {
        sent = await this.relayBatch();
        backoff = 0;
      } catch (err) {
        await this.dropProducer();
        backoff = Math.min(backoff ? backoff * 2 : 200, 5000);
        this.options.logger.warn(
          { err: (err as Error).message, retryInMs: backoff },
          'outbox relay could not publish',
        );
      }
      if (sent > 0 && backoff === 0) continue; // more may be waiting
      if (this.pending && backoff === 0) {
        this.pending = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff || this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Sends one batch; returns how many rows were published. */
  async relayBatch(): Promise<number> {
    const client = await this.pool.connect();
    // A checked-out client has no pool listener: a backend terminated while the batch is being sent (a
    // database cut, a failover) would emit 'error' unhandled and crash the process. The next query fails
    // instead, the batch rolls back and the broken client is destroyed on release.
    let lost: Error | null = null;
    const onError = (err: Error) => {
      lost = err;
      this.options.logger.warn({ err: err.message }, 'outbox connection lost during a batch');
    };
    client.on('error', onError);
    let spans = new Map<string, ReturnType<typeof startPublishSpan>>();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; topic: string; key: string; payload: unknown }>(
        'SELECT id, topic, key, payload FROM kit_outbox ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [this.options.batchSize ?? 500],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      const producer = await this.getProducer();
      // One publish span per row, continuing the trace of the request that wrote it.
      spans = new Map(
        rows.map((row) => [
          row.id,
          startPublishSpan(row.topic, row.id, (row.payload as { traceparent?: string } | null)?.traceparent),
        ]),
      );
      const message = (row: (typeof rows)[number]) => {
        const value = JSON.stringify(row.payload);
        return { key: row.key, value, headers: eventHeaders(value, row.id, spans.get(row.id)?.headers) };
      };
      const byTopic = new Map<string, ReturnType<typeof message>[]>();
      for (const row of rows) {
        const list = byTopic.get(row.topic) ?? [];
        list.push(message(row));
        byTopic.set(row.topic, list);
      }
      const published: string[] = [];
      const refused: { row: (typeof rows)[number]; error: string }[] = [];
      if (!this.oneByOne) {
        try {
          await producer.sendBatch({
            topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
          });
          published.push(...rows.map((r) => r.id));
        } catch (err) {
          if (!isInvalidRecord(err)) throw err;
          // Some brokers (the local Kafka-protocol one) refuse a valid multi-record batch: from now on,
          // one message per request. Slower, but nothing waits behind a batch that can never pass.
          this.oneByOne = true;
          this.options.logger.warn(
            'broker refused a batch as INVALID_RECORD: sending one message per request',
          );
        }
      }
      if (this.oneByOne) {
        for (const row of rows) {
          try {
            await producer.send({ topic: row.topic, messages: [message(row)] });
            published.push(row.id);
          } catch (err) {
            if (!isInvalidRecord(err)) {
              if (published.length + refused.length === 0) throw err;
              break; // commit the progress made; the rest goes in the next round
            }
            refused.push({ row, error: (err as Error).message });
          }
        }
      }
      for (const { row, error } of refused) {
        // The broker refuses this very record: park it (kept, visible, counted) so it cannot block the rest.
        this.options.logger.error(
          { eventId: row.id, topic: row.topic, error },
          'broker refused an outbox event: parked',
        );
        await client.query(
          'INSERT INTO kit_outbox_rejected (id, topic, key, payload, error) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
          [row.id, row.topic, row.key, JSON.stringify(row.payload), error.slice(0, 1000)],
        );
        published.push(row.id);
      }
      await client.query('DELETE FROM kit_outbox WHERE id = ANY($1::uuid[])', [published]);
      await client.query('COMMIT');
      const refusedIds = new Map(refused.map(({ row, error }) => [row.id, error]));
      for (const id of published) spans.get(id)?.end(refusedIds.get(id));
      kitMetrics().outboxPublished.add(published.length - refused.length);
      if (refused.length > 0) kitMetrics().outboxRejected.add(refused.length);
      return published.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      for (const span of spans.values()) span.end(err);
      throw err;
    } finally {
      client.off('error', onError);
      client.release(lost ?? undefined);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    await this.dropProducer();
    await this.pool.end();
  }
}

import type { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { Topics } from '@dealflow/contracts';
import type { Broker } from '@dealflow/dev-stack';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBaseConfig, loadConfig, type TBaseConfig } from './config.js';
import {
  DAMAGED_DELIVERY_REFETCHES,
  DEFAULT_RETRY_POLICY,
  defineConsumer,
  handleEvent,
  retryDelayMs,
  startConsumers,
} from './consumer.js';
import { VALUE_DIGEST_HEADER, eventHeaders } from './delivery.js';
import { runDeadLetterCommand } from './dead-letters.js';
import { createService, type Service } from './service.js';
import { createTestDatabase, startTestBroker, waitFor } from './testing/index.js';

class SeatMigration extends Migration {
  override async up() {
    this.addSql('CREATE TABLE seats (org_id int PRIMARY KEY, added int NOT NULL DEFAULT 0)');
  }
}
/** Orgs whose events the handler refuses (a downstream that is broken for them), until a test mends it. */
const broken = new Set<number>();
const countSeat = defineConsumer(
  Topics.memberAdded,
  async (event, { em }) => {
    if (broken.has(event.data.orgId)) throw new Error(`downstream broken for ${event.data.orgId}`);
    await em
      .getConnection()
      .execute(
        'INSERT INTO seats (org_id, added) VALUES (?, 1) ON CONFLICT (org_id) DO UPDATE SET added = seats.added + 1',
        [event.data.orgId],
        'run',
        em.getTransactionContext(),
      );
  },
  'count-seat',
);

let broker: Broker;
let svc: Service<TBaseConfig, unknown>;
let config: TBaseConfig;
let drop: () => Promise<void>;
let kafka: Kafka;

beforeAll(async () => {
  broker = await startTestBroker();
  const db = await createTestDatabase('kit_dead_letters');
  drop = db.drop;
  config = loadConfig(ZBaseConfig, {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: broker.brokers,
    LOG_LEVEL: process.env.KIT_TEST_LOG ?? 'silent',
    OUTBOX_POLL_MS: '100',
    // Minutes in production; a test waits a few hundred milliseconds for the same schedule.
    CONSUMER_RETRY_BASE_MS: '50',
    CONSUMER_RETRY_MAX_ATTEMPTS: '6',
  });
  svc = await createService({
    name: 'billing',
    config,
    entities: [] as EntitySchema[],
    migrations: [{ name: 'Migration20261121000000', class: SeatMigration }],
    deps: () => ({}),
    consumers: () => [countSeat],
    routes: () => undefined,
  });
  await svc.startWorkers();
  kafka = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING });
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await broker?.stop();
  await drop?.();
});

const seats = async (orgId: number) => {
  const rows = await svc.ctx.orm.em
    .fork()
    .getConnection()
    .execute<{ added: number }[]>('SELECT added FROM seats WHERE org_id = ?', [orgId]);
  return rows[0]?.added ?? 0;
};
const parked = async () =>
  svc.ctx.orm.em
    .fork()
    .getConnection()
    .execute<{ key: string; attempts: number }[]>('SELECT key, attempts FROM kit_retry');

async function publish(
  orgId: number,
  userId = 1,
  headers?: (value: string, id: string) => Record<string, string>,
) {
  const event = {
    id: crypto.randomUUID(),
    type: Topics.memberAdded,
    version: 1,
    occurredAt: new Date().toISOString(),
    orgId: String(orgId),
    data: {
      orgId,
      userId,
      email: `u${userId}@example.com`,
      name: `User ${userId}`,
      role: 'member',
      memberCount: 2,
    },
  };
  const producer = kafka.producer();
  await producer.connect();
  const value = JSON.stringify(event);
  await producer.send({
    topic: Topics.memberAdded,
    messages: [{ key: String(orgId), value, ...(headers ? { headers: headers(value, event.id) } : {}) }],
  });
  await producer.disconnect();
  return event;
}

describe('consumer retries with backoff', () => {
  it('spreads the default retries over minutes (exponential, with jitter), not 1.5 s', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_RETRY_POLICY.maxAttempts; attempt++)
      total += retryDelayMs(attempt, DEFAULT_RETRY_POLICY, () => 0.5);
    expect(total).toBeGreaterThan(4 * 60_000);
    expect(total).toBeLessThan(15 * 60_000);
    const jittered = new Set([0, 0.3, 0.9].map((r) => retryDelayMs(5, DEFAULT_RETRY_POLICY, () => r)));
    expect(jittered.size).toBe(3);
  });

  it("parks a failing event and keeps consuming other organizations' events, then applies it once mended", async () => {
    broken.add(701);
    await publish(701);
    await waitFor(async () => (await parked()).some((row: { key: string }) => row.key === '701'), {
      timeoutMs: 20_000,
    });
    await publish(702);
    await waitFor(async () => (await seats(702)) === 1, { timeoutMs: 20_000 });
    // A later event of the parked organization waits behind the first (one organization's events stay in order).
    await publish(701, 2);
    await waitFor(
      async () => (await parked()).filter((row: { key: string }) => row.key === '701').length === 2,
      {
        timeoutMs: 20_000,
      },
    );
    expect(await seats(701)).toBe(0);
    broken.delete(701);
    await waitFor(async () => (await seats(701)) === 2, { timeoutMs: 20_000 });
    expect(await parked()).toHaveLength(0);
  }, 60_000);
});

/** The kit's counter of damaged deliveries (fetched again), read from the service's /metrics. */
async function damagedDeliveries(): Promise<number> {
  const text = (await svc.app.inject({ method: 'GET', url: '/metrics' })).body;
  return [...text.matchAll(/^event_deliveries_damaged_total\{[^}]*\} (\d+)/gm)].reduce(
    (a, m) => a + Number(m[1]),
    0,
  );
}

describe('damaged deliveries', () => {
  it('handles an event whose value matches its digest once, with no second fetch', async () => {
    const before = await damagedDeliveries();
    await publish(601, 1, (value, id) => eventHeaders(value, id));
    await waitFor(async () => (await seats(601)) === 1, { timeoutMs: 20_000 });
    expect(await damagedDeliveries()).toBe(before);
  }, 30_000);

  it('fetches a delivery that differs from its digest again, a bounded number of times', async () => {
    const before = await damagedDeliveries();
    // The digest of other bytes: every fetch of this message looks damaged, as a broker that damages it
    // each time would deliver it. It is fetched again DAMAGED_DELIVERY_REFETCHES times, then handled as it came.
    await publish(602, 1, (value, id) => ({
      ...eventHeaders(value, id),
      [VALUE_DIGEST_HEADER]: '0'.repeat(64),
    }));
    await waitFor(async () => (await seats(602)) === 1, { timeoutMs: 30_000 });
    expect((await damagedDeliveries()) - before).toBe(DAMAGED_DELIVERY_REFETCHES);
    // The partition went on: a later event is handled.
    await publish(603, 1, (value, id) => eventHeaders(value, id));
    await waitFor(async () => (await seats(603)) === 1, { timeoutMs: 20_000 });
    expect(await seats(602)).toBe(1);
  }, 60_000);
});

describe('consumer crashes', () => {
  it('replaces a consumer that kafkajs stopped for good (a non-retriable error, as an undecodable fetch)', async () => {
    const seen = new Set<string>();
    const probe = defineConsumer(
      Topics.memberAdded,
      async (event) => {
        seen.add(event.id);
      },
      'crash-probe',
    );
    // The first message's handling throws a RangeError out of eachMessage, as kafkajs' decoder does on a
    // damaged fetch response: kafkajs crashes the consumer and does not restart it.
    let crashes = 0;
    const logger = svc.ctx.logger;
    const tricky = Object.assign(Object.create(logger) as typeof logger, {
      child: (...args: Parameters<typeof logger.child>) => {
        if (crashes === 0) {
          crashes += 1;
          throw new RangeError('Attempt to access memory outside buffer bounds');
        }
        return logger.child(...args);
      },
    });
    const consumers = await startConsumers({
      kafka,
      orm: svc.ctx.orm,
      service: 'crash-probe',
      definitions: [probe],
      producer: null,
      logger: tricky,
      restartDelayMs: 200,
    });
    try {
      const event = await publish(990, 1, (value, id) => eventHeaders(value, id));
      await waitFor(() => seen.has(event.id), { timeoutMs: 30_000, intervalMs: 100 });
      expect(crashes).toBe(1);
    } finally {
      await consumers?.disconnect();
    }
  }, 45_000);
});

describe('dead letters', () => {
  it('dead-letters after the last retry, lists it, and replays it over the broker once the cause is fixed', async () => {
    broken.add(801);
    const event = await publish(801);
    const out: string[] = [];
    const print = (line: string) => out.push(line);
    await waitFor(
      async () => {
        out.length = 0;
        await runDeadLetterCommand('billing', config, ['list'], print);
        return out.some((line) => line.includes(event.id));
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const listed = JSON.parse(out.find((line) => line.includes(event.id))!) as Record<string, unknown>;
    expect(listed).toMatchObject({
      eventId: event.id,
      consumer: 'count-seat',
      topic: Topics.memberAdded,
      attempts: 6,
      error: 'downstream broken for 801',
    });
    expect(await parked()).toHaveLength(0);
    expect(await seats(801)).toBe(0);

    broken.delete(801);
    out.length = 0;
    await runDeadLetterCommand('billing', config, ['replay', String(listed.id)], print);
    expect(out.join('\n')).toMatch(/replayed 1/);
    await waitFor(async () => (await seats(801)) === 1, { timeoutMs: 20_000 });
    out.length = 0;
    await runDeadLetterCommand('billing', config, ['list'], print);
    expect(out.some((line) => line.includes(event.id))).toBe(false);
    // Replaying all again finds nothing left, and the effect stays applied once.
    out.length = 0;
    await runDeadLetterCommand('billing', config, ['replay', '--all'], print);
    expect(out.join('\n')).toMatch(/replayed 0/);
    await new Promise((r) => setTimeout(r, 500));
    expect(await seats(801)).toBe(1);
  }, 60_000);

  it('keeps an event that does not parse as a dead letter, listed with its id and place, replayed verbatim', async () => {
    const id = crypto.randomUUID();
    const raw = '{"id":"' + id + '","type":"identity.member.added","data":{"orgId":9'; // cut short in transit
    const outcome = await handleEvent(svc.ctx.orm, 'billing', countSeat, raw, {
      logger: svc.ctx.logger,
      producer: null,
      headers: { 'event-id': Buffer.from(id) },
      key: '901',
      where: `${Topics.memberAdded}/0@42`,
    });
    expect(outcome).toBe('dead-lettered');
    const out: string[] = [];
    await runDeadLetterCommand('billing', config, ['list'], (line) => out.push(line));
    const listed = JSON.parse(out.find((line) => line.includes(id))!) as Record<string, unknown>;
    expect(listed).toMatchObject({
      eventId: id,
      consumer: 'count-seat',
      topic: Topics.memberAdded,
      orgId: '901',
    });
    expect(listed.error).toMatch(new RegExp(`^unparseable at ${Topics.memberAdded}/0@42: `));
    const rows = await svc.ctx.orm.em
      .fork()
      .getConnection()
      .execute<{ payload: unknown }[]>('SELECT payload FROM kit_dead_letter WHERE event_id = ?', [id]);
    expect(rows[0]?.payload).toBe(raw);
    // Replay sends the same bytes again; the local broker validates payloads and refuses these, so the letter
    // stays listed (a real Kafka takes them, and the consumer dead-letters them again).
    await expect(
      runDeadLetterCommand('billing', config, ['replay', String(listed.id)], () => undefined),
    ).rejects.toThrow();
    out.length = 0;
    await runDeadLetterCommand('billing', config, ['list'], (line) => out.push(line));
    expect(out.some((line) => line.includes(id))).toBe(true);
  }, 30_000);

  it('refuses an unknown command with its usage', async () => {
    const out: string[] = [];
    await expect(runDeadLetterCommand('billing', config, ['purge'], (l) => out.push(l))).rejects.toThrow(
      /usage: dead-letters list \| replay <id\|--all>/,
    );
  });
});

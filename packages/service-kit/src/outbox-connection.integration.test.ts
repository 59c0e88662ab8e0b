import pg from 'pg';
import type { Producer } from 'kafkajs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxRelay } from './outbox.js';
import { createTestDatabase } from './testing/index.js';

// Found by the faults suite (packages/dev-stack/src/faults.test.ts): the relay holds a pooled client in a
// transaction while it sends; when PostgreSQL terminated that backend (a database cut), the checked-out
// client emitted 'error' with no listener and the whole service process crashed.
describe('outbox relay when its database connection is terminated during a send', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase('outbox_cut');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE TABLE kit_outbox (id uuid PRIMARY KEY, topic text NOT NULL, key text NOT NULL,
      payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await admin.query(
      `INSERT INTO kit_outbox (id, topic, key, payload) VALUES (gen_random_uuid(), 't', 'k', '{"id":"x"}')`,
    );
  });
  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  it('fails the batch, keeps the row and does not crash the process', async () => {
    let release: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const inSend = new Promise<void>((resolve) => {
      started = resolve;
    });
    const producer = {
      connect: async () => undefined,
      disconnect: async () => undefined,
      send: async () => {
        started();
        await sending;
        return [];
      },
      sendBatch: async () => {
        started();
        await sending;
        return [];
      },
    } as unknown as Producer;
    const relay = new OutboxRelay({
      databaseUrl: database.url,
      createProducer: () => producer,
      logger: pino({ level: 'silent' }),
      pollMs: 60_000,
    });
    const uncaught: Error[] = [];
    const onUncaught = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const batch = relay.relayBatch();
      await inSend;
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'`,
      );
      expect(killed.rowCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await expect(batch).rejects.toThrow();
      expect(uncaught).toEqual([]);
      const { rows } = await admin.query<{ n: string }>('SELECT count(*) AS n FROM kit_outbox');
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

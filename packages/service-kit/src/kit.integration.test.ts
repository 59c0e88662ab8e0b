import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { defineRoutes, Topics, ZErrorBody, type TEventOf } from '@dealflow/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBaseConfig, loadConfig, type TBaseConfig } from './config.js';
import { defineConsumer, handleEvent } from './consumer.js';
import { defineErrors } from './errors.js';
import { publishEvent } from './outbox.js';
import { createService, type Service } from './service.js';
import { createTestDatabase, createTestIdentityKeys, startTestBroker, waitFor } from './testing/index.js';
import type { Broker } from '@dealflow/dev-stack';

interface Widget {
  id: number;
  orgId: number;
  name: string;
}
const WidgetSchema = new EntitySchema<Widget>({
  name: 'Widget',
  tableName: 'widgets',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    orgId: { type: 'number', fieldName: 'org_id' },
    name: { type: 'text' },
  },
});
class WidgetMigration extends Migration {
  override async up() {
    this.addSql(
      'CREATE TABLE widgets (id serial PRIMARY KEY, org_id int NOT NULL, name text NOT NULL UNIQUE)',
    );
    this.addSql('CREATE TABLE seat_counts (org_id int PRIMARY KEY, added int NOT NULL DEFAULT 0)');
  }
}
const WidgetError = defineErrors('WidgetError', {
  WIDGET_BROKEN: { status: 422, message: 'The widget broke' },
});
const widgetRoutes = defineRoutes({
  ownerOnly: {
    method: 'GET',
    path: '/owner-only',
    summary: 'Owner only',
    tag: 'test',
    auth: 'owner',
    responses: { 200: z.object({ userId: z.number() }), 401: ZErrorBody, 403: ZErrorBody },
  },
});

const memberAdded = (orgId: number, userId: number) => ({
  orgId,
  userId,
  email: `u${userId}@example.com`,
  name: `User ${userId}`,
  role: 'member' as const,
  memberCount: userId,
});

/** Deliberately not idempotent by itself: any second application of an event would show in `added`. */
const countSeat = defineConsumer(Topics.memberAdded, async (event, { em }) => {
  await em
    .getConnection()
    .execute(
      'INSERT INTO seat_counts (org_id, added) VALUES (?, 1) ON CONFLICT (org_id) DO UPDATE SET added = seat_counts.added + 1',
      [event.data.orgId],
      'run',
      em.getTransactionContext(),
    );
});

const keys = createTestIdentityKeys();
let broker: Broker;
let producerSvc: Service<TBaseConfig, unknown>;
let consumerSvc: Service<TBaseConfig, unknown>;
const drops: (() => Promise<void>)[] = [];

async function build(name: 'identity' | 'billing', brokers: string, consumers = [countSeat]) {
  const db = await createTestDatabase(`kit_${name}`);
  drops.push(db.drop);
  const config = loadConfig(ZBaseConfig, {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: brokers,
    IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
    LOG_LEVEL: process.env.KIT_TEST_LOG ?? 'silent',
    OUTBOX_POLL_MS: '100',
  });
  return createService({
    name,
    config,
    entities: [WidgetSchema as EntitySchema],
    migrations: [{ name: 'Migration20261121000000', class: WidgetMigration }],
    deps: () => ({ consumers: name === 'billing' ? consumers : [] }),
    consumers: (deps) => deps.consumers,
    routes: ({ app, route }) => {
      app.post(
        '/widgets',
        {
          schema: {
            body: z.object({
              name: z.string().min(2),
              orgId: z.number().int(),
              fail: z.boolean().optional(),
              events: z.number().int().max(10).optional(),
            }),
          },
        },
        async (request, reply) => {
          const { name: widgetName, orgId, fail, events = 1 } = request.body;
          await request.em.transactional(async (em) => {
            em.persist(em.create(WidgetSchema, { orgId, name: widgetName }));
            for (let i = 0; i < events; i++) {
              const data = {
                ...memberAdded(orgId, orgId),
                name: events > 1 ? `${'Long name '.repeat(70)}${i}` : `User ${orgId}`,
              };
              publishEvent(em, { topic: Topics.memberAdded, orgId, data });
            }
            if (fail) throw new WidgetError('WIDGET_BROKEN');
          });
          return reply.code(201).send({ ok: true });
        },
      );
      route(widgetRoutes.ownerOnly, async ({ actor }) => ({ userId: actor.userId }));
      app.get('/boom', async () => {
        throw new Error('secret internals');
      });
    },
  });
}

const seatsAdded = async (svc: Service, orgId: number) => {
  const rows = await svc.ctx.orm.em
    .fork()
    .getConnection()
    .execute<{ added: number }[]>('SELECT added FROM seat_counts WHERE org_id = ?', [orgId]);
  return rows[0]?.added ?? 0;
};
const outboxSize = async (svc: Service) => {
  const rows = await svc.ctx.orm.em
    .fork()
    .getConnection()
    .execute<{ n: string }[]>('SELECT count(*) AS n FROM kit_outbox');
  return Number(rows[0]?.n);
};

beforeAll(async () => {
  broker = await startTestBroker();
  producerSvc = await build('identity', broker.brokers);
  consumerSvc = await build('billing', broker.brokers);
  await producerSvc.startWorkers();
  await consumerSvc.startWorkers();
}, 60_000);

afterAll(async () => {
  await producerSvc?.stop();
  await consumerSvc?.stop();
  await broker?.stop();
  for (const drop of drops) await drop();
});

describe('outbox and inbox over the real broker', () => {
  it('delivers an event written through one service outbox to another service consumer', async () => {
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { name: 'first', orgId: 101 },
    });
    expect(res.statusCode).toBe(201);
    await waitFor(async () => (await seatsAdded(consumerSvc, 101)) === 1, { timeoutMs: 20_000 });
    await waitFor(async () => (await outboxSize(producerSvc)) === 0);
  }, 30_000);

  it('never publishes an outbox row written in a rolled-back transaction', async () => {
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { name: 'broken', orgId: 202, fail: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The widget broke' });
    expect(await outboxSize(producerSvc)).toBe(0);
    // A later committed event for another org proves the pipeline ran past the rolled-back one.
    await producerSvc.app.inject({ method: 'POST', url: '/widgets', payload: { name: 'after', orgId: 203 } });
    await waitFor(async () => (await seatsAdded(consumerSvc, 203)) === 1, { timeoutMs: 20_000 });
    expect(await seatsAdded(consumerSvc, 202)).toBe(0);
  }, 30_000);

  it('applies a redelivered event once', async () => {
    const event: TEventOf<typeof Topics.memberAdded> = {
      id: crypto.randomUUID(),
      type: Topics.memberAdded,
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: '303',
      data: memberAdded(303, 1),
    };
    const kafka = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    const message = { key: '303', value: JSON.stringify(event) };
    await producer.send({ topic: Topics.memberAdded, messages: [message, message] });
    await producer.send({ topic: Topics.memberAdded, messages: [message] });
    await producer.disconnect();
    await waitFor(async () => (await seatsAdded(consumerSvc, 303)) === 1, { timeoutMs: 20_000 });
    // Direct redelivery through the handler: the inbox says duplicate, the effect stays at one.
    const outcome = await handleEvent(consumerSvc.ctx.orm, 'billing', countSeat, JSON.stringify(event), {
      logger: consumerSvc.ctx.logger,
      producer: null,
    });
    expect(outcome).toBe('duplicate');
    await new Promise((r) => setTimeout(r, 500));
    expect(await seatsAdded(consumerSvc, 303)).toBe(1);
  }, 30_000);

  it('delivers events published while the broker was stopped once it returns', async () => {
    await broker.stop();
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { name: 'offline', orgId: 404 },
    });
    expect(res.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await outboxSize(producerSvc)).toBe(1);
    await broker.start();
    await waitFor(async () => (await seatsAdded(consumerSvc, 404)) === 1, {
      timeoutMs: 45_000,
      intervalMs: 200,
    });
    expect(await outboxSize(producerSvc)).toBe(0);
  }, 60_000);

  it('delivers a batch of large events for one key (the local broker refuses such batches whole)', async () => {
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { name: 'batch', orgId: 606, events: 4 },
    });
    expect(res.statusCode).toBe(201);
    await waitFor(async () => (await seatsAdded(consumerSvc, 606)) === 4, { timeoutMs: 20_000 });
    expect(await outboxSize(producerSvc)).toBe(0);
  }, 30_000);

  it('parks an event whose handler keeps failing for the retry worker, and moves on', async () => {
    const failing = defineConsumer(
      Topics.memberAdded,
      async () => {
        throw new Error('downstream is broken');
      },
      'always-fails',
    );
    const event = {
      id: crypto.randomUUID(),
      type: Topics.memberAdded,
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: '505',
      data: memberAdded(505, 1),
    };
    const outcome = await handleEvent(consumerSvc.ctx.orm, 'billing', failing, JSON.stringify(event), {
      logger: consumerSvc.ctx.logger,
      producer: null,
      retry: { quickAttempts: 2, quickBackoffMs: 1, maxAttempts: 3, baseMs: 60_000, maxDelayMs: 60_000 },
    });
    expect(outcome).toBe('parked');
    const rows = await consumerSvc.ctx.orm.em
      .fork()
      .getConnection()
      .execute<{ attempts: number; last_error: string }[]>(
        'SELECT attempts, last_error FROM kit_retry WHERE event_id = ?',
        [event.id],
      );
    expect(rows).toEqual([{ attempts: 2, last_error: 'downstream is broken' }]);
  });
});

describe('kafkajs idle fix', () => {
  it('sets no timer on an idle broker connection (kafkajs 2.2.4 re-armed one every millisecond)', async () => {
    // createService applied the fix; a producer connected now idles on its broker connection.
    const kafka = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    await producer
      .send({ topic: Topics.memberAdded, messages: [{ key: '1', value: JSON.stringify({ probe: true }) }] })
      .catch(() => undefined);
    const original = globalThis.setTimeout;
    let fromRequestQueue = 0;
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      if (new Error().stack?.includes('requestQueue')) fromRequestQueue += 1;
      return original(...args);
    }) as typeof setTimeout;
    try {
      await new Promise((resolve) => original(resolve, 300));
    } finally {
      globalThis.setTimeout = original;
      await producer.disconnect();
    }
    expect(fromRequestQueue).toBeLessThan(5); // about 300 without the fix
  });
});

describe('HTTP conventions', () => {
  it('answers bad input with 400 and the {message, details} body', async () => {
    const res = await producerSvc.app.inject({ method: 'POST', url: '/widgets', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('maps a unique violation to 409', async () => {
    const res = await producerSvc.app.inject({
      method: 'POST',
      url: '/widgets',
      payload: { name: 'first', orgId: 1 },
    });
    expect(res.statusCode).toBe(409);
  });

  it('hides internals of unknown errors behind a generic 500', async () => {
    const res = await producerSvc.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('takes identity only from a signed token: X-User-ID and X-Auth-Bypass grant nothing', async () => {
    const anonymous = await producerSvc.app.inject({
      method: 'GET',
      url: '/owner-only',
      headers: { 'x-user-id': '1', 'x-auth-bypass': 'true' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = createTestIdentityKeys().sign({
      sub: '1',
      org: 1,
      role: 'owner',
      email: 'a@b.co',
      name: 'A',
      sid: 's',
    });
    const wrongKey = await producerSvc.app.inject({
      method: 'GET',
      url: '/owner-only',
      headers: { 'x-identity-token': forged },
    });
    expect(wrongKey.statusCode).toBe(401);
    const member = keys.sign({ sub: '2', org: 1, role: 'member', email: 'm@b.co', name: 'M', sid: 's' });
    const notOwner = await producerSvc.app.inject({
      method: 'GET',
      url: '/owner-only',
      headers: { 'x-identity-token': member },
    });
    expect(notOwner.statusCode).toBe(403);
    const owner = keys.sign({ sub: '1', org: 1, role: 'owner', email: 'a@b.co', name: 'A', sid: 's' });
    const ok = await producerSvc.app.inject({
      method: 'GET',
      url: '/owner-only',
      headers: { 'x-identity-token': owner },
    });
    expect(ok.json()).toEqual({ userId: 1 });
  });

  it('reports readiness only with database and broker reachable', async () => {
    const res = await producerSvc.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ database: true, broker: true });
  });
});

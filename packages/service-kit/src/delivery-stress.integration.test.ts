import { randomBytes } from 'node:crypto';
import type { EntitySchema } from '@mikro-orm/core';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import type { Broker } from '@dealflow/dev-stack';
import { afterAll, describe, expect, it } from 'vitest';
import { ZBaseConfig, loadConfig, type TBaseConfig } from './config.js';
import { defineConsumer } from './consumer.js';
import { publishEvent } from './outbox.js';
import { createService, type Service } from './service.js';
import { createTestDatabase, startTestBroker } from './testing/index.js';

/**
 * Delivery stress over the real local broker (opt-in: `npm run test:delivery-stress -w @dealflow/service-kit`,
 * ~1-2 min). Several writers publish through the outbox (relay batches, `traceparent`/`event-id` headers),
 * three services consume the same topic (three consumer groups fetching the same records at once, as
 * billing, crm and ingest do with identity's events), one consumer is restarted and a second replica of
 * another joins mid-run (a rebalance). Every event must reach every group, equal to what was written.
 * Prints one line of figures: sent, received per group, damaged deliveries seen, dead letters, missing.
 */
const enabled = process.env.KIT_DELIVERY_STRESS === '1';
const EVENTS = Number(process.env.STRESS_EVENTS ?? 1500);
const WRITERS = 4;
const GROUPS = ['billing', 'crm', 'ingest'] as const;
type TGroup = (typeof GROUPS)[number];

type TPayload = TEventPayload<typeof Topics.organizationCreated>;
/** Realistic sizes: mostly small, some of several KB, a few of tens of KB (the broker panics past 64 KiB). */
function payloadOfSize(i: number): TPayload {
  const r = Math.random();
  const size =
    r < 0.7
      ? 150 + Math.floor(Math.random() * 1200)
      : r < 0.95
        ? 2_000 + Math.floor(Math.random() * 18_000)
        : 20_000 + Math.floor(Math.random() * 40_000);
  return {
    orgId: i + 1,
    name: `Org ${i} ${randomBytes(Math.ceil(size / 2)).toString('hex')}`,
    ownerId: i + 1,
    ownerEmail: `owner${i}@example.com`,
    ownerName: `Owner ${i} \u00e9\u00e8 \u2603`,
    plan: 'pro',
    billingCycle: 'monthly',
    memberCount: 1,
  } as TPayload;
}

const drops: (() => Promise<void>)[] = [];
const services: Service<TBaseConfig, unknown>[] = [];
let broker: Broker | undefined;
const received = new Map<string, Map<string, string>>();

async function build(name: string, group: TGroup | null) {
  const db = await createTestDatabase(`stress_${name}`);
  drops.push(db.drop);
  const config = loadConfig(ZBaseConfig, {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: broker!.brokers,
    LOG_LEVEL: process.env.KIT_TEST_LOG ?? 'silent',
    OUTBOX_POLL_MS: '50',
    CONSUMER_RETRY_BASE_MS: '50',
    CONSUMER_RETRY_MAX_ATTEMPTS: '4',
  });
  const seen = received.get(name) ?? new Map<string, string>();
  received.set(name, seen);
  const consumers = group
    ? [
        defineConsumer(
          Topics.organizationCreated,
          async (event) => {
            seen.set(event.id, JSON.stringify(event.data));
          },
          'stress',
        ),
      ]
    : [];
  const svc = await createService({
    name: group ?? 'identity',
    config,
    entities: [] as EntitySchema[],
    migrations: [],
    deps: () => ({}),
    consumers: () => consumers,
    routes: () => undefined,
  });
  services.push(svc);
  await svc.startWorkers();
  return svc;
}

/** One of the kit's counters (all services of this process share the meter), read from /metrics. */
async function counter(svc: Service<TBaseConfig, unknown>, name: string): Promise<number> {
  const text = (await svc.app.inject({ method: 'GET', url: '/metrics' })).body;
  return [...text.matchAll(new RegExp(`^${name}\\{[^}]*\\} (\\d+)`, 'gm'))].reduce(
    (a, m) => a + Number(m[1]),
    0,
  );
}

afterAll(async () => {
  for (const svc of services) await svc.stop().catch(() => undefined);
  await broker?.stop();
  for (const drop of drops) await drop();
}, 120_000);

describe.skipIf(!enabled)('event delivery under stress (real broker)', () => {
  it('delivers every event to every consuming service, byte for byte', async () => {
    broker = await startTestBroker();
    const producers = [await build('identity', null), await build('identity-2', null)];
    const consumers = new Map<string, Service<TBaseConfig, unknown>>();
    for (const g of GROUPS) consumers.set(g, await build(g, g));

    const sent = new Map<string, string>();
    let next = 0;
    const startedAt = Date.now();
    const writer = async (w: number) => {
      const svc = producers[w % producers.length]!;
      while (next < EVENTS) {
        const n = Math.min(1 + Math.floor(Math.random() * 5), EVENTS - next);
        const first = next;
        next += n;
        await svc.ctx.orm.em.fork().transactional(async (em) => {
          for (let i = first; i < first + n; i++) {
            const data = payloadOfSize(i);
            const envelope = publishEvent(em, { topic: Topics.organizationCreated, orgId: data.orgId, data });
            sent.set(envelope.id, JSON.stringify(envelope.data));
          }
        });
        if (Math.random() < 0.3) await new Promise((r) => setTimeout(r, 5));
      }
    };
    const churn = (async () => {
      // A consumer restart and a replica joining (then leaving) while events flow: rebalances.
      await new Promise((r) => setTimeout(r, 3_000));
      const crm = consumers.get('crm')!;
      await crm.stop();
      services.splice(services.indexOf(crm), 1);
      consumers.set('crm', await build('crm', 'crm'));
      const replica = await build('billing-replica', 'billing');
      await new Promise((r) => setTimeout(r, 5_000));
      await replica.stop();
      services.splice(services.indexOf(replica), 1);
    })();
    await Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(w)), churn]);

    const got = (g: TGroup) => {
      const all = new Map([...(received.get(g) ?? [])]);
      if (g === 'billing') for (const [k, v] of received.get('billing-replica') ?? []) all.set(k, v);
      return all;
    };
    const complete = () => GROUPS.every((g) => [...sent.keys()].every((id) => got(g).has(id)));
    let last = -1;
    let lastChange = Date.now();
    const waitUntil = Date.now() + 420_000; // figures are printed even when the machine is too slow to finish
    while (!complete() && Date.now() < waitUntil) {
      const total = GROUPS.reduce((a, g) => a + got(g).size, 0);
      if (total !== last) [last, lastChange] = [total, Date.now()];
      else if (Date.now() - lastChange > 30_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const figures = {
      sent: sent.size,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      groups: Object.fromEntries(
        GROUPS.map((g) => {
          const all = got(g);
          const missing = [...sent.keys()].filter((id) => !all.has(id)).length;
          const different = [...sent].filter(([id, data]) => all.has(id) && all.get(id) !== data).length;
          return [g, { received: all.size, missing, different }];
        }),
      ),
      deadLettered: await counter(producers[0]!, 'events_dead_lettered_total'),
      damagedFetchedAgain: await counter(producers[0]!, 'event_deliveries_damaged_total'),
    };
    console.log(`delivery stress: ${JSON.stringify(figures)}`);
    for (const g of GROUPS) {
      expect(figures.groups[g]).toEqual({ received: sent.size, missing: 0, different: 0 });
    }
    expect(figures.deadLettered).toBe(0);
  }, 600_000);
});

import { identityRoutes, Topics } from '@dealflow/contracts';
import {
  createService,
  defineConsumer,
  loadConfig,
  publishEvent,
  ZBaseConfig,
  type Service,
} from '@dealflow/service-kit';
import {
  createTestDatabase,
  SpanKind,
  startTestBroker,
  startTestTelemetry,
  waitFor,
  type ReadableSpan,
} from '@dealflow/service-kit/testing';
import type { Broker } from '@dealflow/dev-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

/**
 * One trace across the product's hops, as the preload's SDK records it: the gateway's request span, the
 * identity service's request span (W3C traceparent from the gateway's proxy), the outbox row written in
 * that request, the relay's publish span (traceparent as a Kafka header on the real broker), and the
 * billing consumer's span. The two services are kit services standing in for identity and billing.
 */
const telemetry = await startTestTelemetry('trace-test');
const handled: string[] = [];
let broker: Broker;
let identity: Service;
let billing: Service;
let gateway: FastifyInstance;
let gatewayUrl: string;
const drops: (() => Promise<void>)[] = [];

async function buildKitService(name: 'identity' | 'billing', brokers: string) {
  const db = await createTestDatabase(`trace_${name}`);
  drops.push(db.drop);
  const config = loadConfig(ZBaseConfig, {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: brokers,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '100',
  });
  return createService({
    name,
    config,
    entities: [],
    migrations: [],
    deps: () => null,
    consumers: () =>
      name === 'billing'
        ? [
            defineConsumer(Topics.memberAdded, async (event) => {
              handled.push(event.id);
            }),
          ]
        : [],
    routes: ({ app }) => {
      if (name !== 'identity') return;
      // The register path is routed to identity by the gateway's table (contracts): the real hop.
      app.post(identityRoutes.register.path, async (request, reply) => {
        await request.em.transactional(async (em) => {
          publishEvent(em, {
            topic: Topics.memberAdded,
            orgId: 7,
            data: {
              orgId: 7,
              userId: 9,
              email: 'u9@fund.test',
              name: 'User 9',
              role: 'member',
              memberCount: 2,
            },
          });
        });
        return reply.code(201).send({ ok: true });
      });
    },
  });
}

beforeAll(async () => {
  broker = await startTestBroker();
  identity = await buildKitService('identity', broker.brokers);
  billing = await buildKitService('billing', broker.brokers);
  const identityUrl = await identity.listen();
  await identity.startWorkers();
  await billing.startWorkers();
  gateway = await buildGateway(
    loadGatewayConfig({
      IDENTITY_URL: identityUrl,
      BILLING_URL: 'http://127.0.0.1:9',
      INGEST_URL: 'http://127.0.0.1:9',
      CRM_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: 'http://localhost:3000',
    }),
    { logger: false },
  );
  gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await billing?.stop();
  await identity?.stop();
  await telemetry.stop();
  await broker?.stop();
  for (const drop of drops) await drop();
});

describe('one trace from the gateway through identity, the outbox and Kafka to billing', () => {
  it('links every hop to the request that entered at the gateway', async () => {
    const response = await fetch(`${gatewayUrl}${identityRoutes.register.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'u9@fund.test' }),
    });
    expect(response.status).toBe(201);
    await waitFor(() => handled.length === 1, { timeoutMs: 20_000 });
    const consumed = (await waitFor(() =>
      telemetry
        .spans()
        .find((s) => s.kind === SpanKind.CONSUMER && s.name === `process ${Topics.memberAdded}`),
    )) as ReadableSpan;

    const chain = telemetry.lineage(consumed);
    const [, publish] = chain;
    const root = chain.at(-1);
    // Two HTTP server spans on the way up: identity's (child of the gateway's proxy handler), then the gateway's.
    const servers = chain.filter((s) => s.kind === SpanKind.SERVER);

    // The consumer's parent is the relay's publish span, found through the Kafka header.
    expect(publish?.kind).toBe(SpanKind.PRODUCER);
    expect(publish?.name).toBe(`send ${Topics.memberAdded}`);
    expect(consumed.attributes['messaging.message.id']).toBe(handled[0]);
    // The publish span descends from identity's request span, which descends from the gateway's.
    expect(servers.map((s) => s.name)).toEqual([
      `POST ${identityRoutes.register.path}`,
      `POST ${identityRoutes.register.path}`,
    ]);
    expect(root).toBe(servers[1]);
    expect(root?.parentSpanContext).toBeUndefined();
    expect(chain.some((s) => s.name === 'handler - apiProxy')).toBe(true);
    expect(chain.indexOf(servers[0] as ReadableSpan)).toBeGreaterThan(1);
    expect(new Set(chain.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(consumed.attributes['dealflow.outcome']).toBe('handled');
  });

  it('serves the services’ metrics in Prometheus format, counting the consumed event', async () => {
    const response = await billing.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/events_handled_total\{[^}]*topic="identity\.member\.added"[^}]*\} 1/);
  });
});

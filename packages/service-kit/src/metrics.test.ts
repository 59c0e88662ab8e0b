import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMetrics } from './http-metrics.js';
import { kitMetrics } from './metrics.js';
import { telemetryStatus } from './telemetry.js';

/** Without OTEL_EXPORTER_OTLP_ENDPOINT (no SDK): /metrics still answers, from a metrics-only provider. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerMetrics(app, 'metrics-unit');
  app.get('/items/:id', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('/metrics without the SDK', () => {
  it('serves the kit counters and request durations labelled by route template, not by URL', async () => {
    expect(telemetryStatus().started).toBe(false);
    for (const id of ['1', '2', '3']) await app.inject({ method: 'GET', url: `/items/${id}` });
    await app.inject({ method: 'GET', url: '/healthz-missing' });
    kitMetrics().eventsHandled.add(2, {
      service: 'metrics-unit',
      topic: 'identity.member.added',
      outcome: 'handled',
    });

    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    const count = body.split('\n').find((line) => line.startsWith('http_request_duration_seconds_count'));
    expect(count).toContain('http_route="/items/:id"');
    expect(count).toMatch(/ 3$/);
    expect(body).not.toContain('/items/1');
    expect(body).toMatch(/^events_handled_total\{[^}]*outcome="handled"[^}]*\} 2$/m);
  });
});

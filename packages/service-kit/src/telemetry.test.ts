import { context, trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from './http-metrics.js';
import { kitMetrics } from './metrics.js';
import { startTestTelemetry, SpanKind } from './testing/telemetry.js';
import { waitFor } from './testing/wait-for.js';
import { currentTraceparent, startPublishSpan, withConsumerSpan } from './trace-context.js';

const telemetry = await startTestTelemetry('telemetry-unit');
afterAll(() => telemetry.stop());

const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-01$/;
const inSpan = <T>(fn: () => T): T => {
  const span = trace.getTracer('test').startSpan('request');
  try {
    return context.with(trace.setSpan(context.active(), span), fn);
  } finally {
    span.end();
  }
};

describe('trace context across Kafka', () => {
  it('gives the active span as a traceparent, and nothing outside a span', () => {
    expect(currentTraceparent()).toBeUndefined();
    expect(inSpan(() => currentTraceparent())).toMatch(TRACEPARENT);
  });

  it('makes the publish span a child of the stored traceparent and sends its own context as the header', async () => {
    const stored = inSpan(() => currentTraceparent()) as string;
    const [, traceId, writerSpanId] = TRACEPARENT.exec(stored) ?? [];
    const publish = startPublishSpan('identity.member.added', 'evt-1', stored);
    publish.end();
    // The span processor hands ended spans to the exporter asynchronously.
    const span = await waitFor(() =>
      telemetry
        .spans()
        .find((s) => s.kind === SpanKind.PRODUCER && s.attributes['messaging.message.id'] === 'evt-1'),
    );
    expect(span?.parentSpanContext?.spanId).toBe(writerSpanId);
    expect(publish.headers.traceparent).toBe(`00-${traceId}-${span?.spanContext().spanId}-01`);
  });

  it('sends no header and makes no span for a row written outside any trace', async () => {
    const publish = startPublishSpan('identity.member.added', 'evt-2', undefined);
    publish.end();
    expect(publish.headers).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(telemetry.spans().some((s) => s.attributes['messaging.message.id'] === 'evt-2')).toBe(false);
  });

  it('continues the Kafka header first, the envelope second, and starts a new trace from a malformed value', async () => {
    const header = inSpan(() => currentTraceparent()) as string;
    const envelope = inSpan(() => currentTraceparent()) as string;
    const parentOf = async (input: { headers?: Record<string, Buffer>; traceparent?: string }) =>
      withConsumerSpan({ topic: 't', consumer: 'billing', eventId: 'e', ...input }, async (span) => ({
        traceId: span.spanContext().traceId,
      }));
    const fromHeader = await parentOf({
      headers: { traceparent: Buffer.from(header) },
      traceparent: envelope,
    });
    expect(fromHeader.traceId).toBe(TRACEPARENT.exec(header)?.[1]);
    const fromEnvelope = await parentOf({ traceparent: envelope });
    expect(fromEnvelope.traceId).toBe(TRACEPARENT.exec(envelope)?.[1]);
    const fresh = await parentOf({ traceparent: 'not-a-traceparent' });
    expect(fresh.traceId).not.toBe(TRACEPARENT.exec(envelope)?.[1]);
    expect(fresh.traceId).toMatch(/^[\da-f]{32}$/);
  });

  it('ends the consumer span with an error status when the handler throws', async () => {
    await expect(
      withConsumerSpan({ topic: 'failing', consumer: 'billing', eventId: 'e-fail' }, async () => {
        throw new Error('handler broke');
      }),
    ).rejects.toThrow('handler broke');
    const span = await waitFor(() =>
      telemetry.spans().find((s) => s.attributes['messaging.message.id'] === 'e-fail'),
    );
    expect(span?.status.code).toBe(2); // SpanStatusCode.ERROR
  });
});

describe('metrics on a port of their own (the gateway)', () => {
  it('answers /metrics in Prometheus text with the kit counters, and 404 elsewhere', async () => {
    const server = await startMetricsServer({ service: 'gateway', host: '127.0.0.1', port: 0 });
    try {
      kitMetrics().outboxPublished.add(3);
      const { port } = server.address() as { port: number };
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toMatch(/^outbox_published_total(\{[^}]*\})? 3$/m);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

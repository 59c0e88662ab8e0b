import { createRequire } from 'node:module';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTelemetry, stopTelemetry } from '../telemetry.js';

export { SpanKind } from '@opentelemetry/api';
export type { ReadableSpan };

/**
 * The SDK as the preload starts it, with every span kept in memory for assertions. A test process has
 * already loaded `http` (vitest itself, or the modules under test): requiring it again after the start lets
 * the HTTP instrumentation patch it, as the preload's early start does in production.
 */
export async function startTestTelemetry(service = 'test') {
  const exporter = new InMemorySpanExporter();
  await startTelemetry({ service, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  createRequire(import.meta.url)('node:http');
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const byId = (id: string | undefined) => spans().find((s) => s.spanContext().spanId === id);
  return {
    spans,
    /** The span itself, then its parent, and so on up to the trace's root (as far as the spans finished). */
    lineage(span: ReadableSpan): ReadableSpan[] {
      const chain = [span];
      for (let p = byId(span.parentSpanContext?.spanId); p; p = byId(p.parentSpanContext?.spanId))
        chain.push(p);
      return chain;
    },
    stop: stopTelemetry,
  };
}

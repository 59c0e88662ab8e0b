import { context, metrics, propagation, trace } from '@opentelemetry/api';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * One state per process, on globalThis: the preload (`@dealflow/service-kit/otel`) and the service may
 * reach this module through two URLs (dist via the package export, or a workspace link), and a second
 * SDK would register nothing (the API's globals can be set once).
 */
interface TTelemetryState {
  sdk: NodeSDK | null;
  prometheus: PrometheusExporter | null;
  /** Set by the preload: the SDK was started before the application's modules were imported. */
  preloaded: boolean;
  /** A metrics-only MeterProvider (no SDK) holds `prometheus`. */
  metricsOnly: boolean;
}
const STATE_KEY = Symbol.for('dealflow.telemetry');
const state: TTelemetryState = ((globalThis as Record<symbol, TTelemetryState>)[STATE_KEY] ??= {
  sdk: null,
  prometheus: null,
  preloaded: false,
  metricsOnly: false,
});

export interface TTelemetryOptions {
  service: string;
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); unset: spans go only to `spanProcessors`. */
  endpoint?: string;
  /** Extra span processors (tests: a SimpleSpanProcessor over an InMemorySpanExporter). */
  spanProcessors?: SpanProcessor[];
  preloaded?: boolean;
}

async function createPrometheusReader(): Promise<PrometheusExporter> {
  const { PrometheusExporter } = await import('@opentelemetry/exporter-prometheus');
  // Served by the service's own /metrics route, not by the exporter's server on a port of its own.
  return new PrometheusExporter({ preventServerStart: true });
}

/**
 * Starts the OpenTelemetry SDK: traces (OTLP and/or the given processors), metrics (OTLP when an endpoint
 * is set, and always the Prometheus reader behind /metrics), and the HTTP, pg and fastify
 * instrumentations. It patches only modules imported after it: run it from the preload
 * (`node --import=@dealflow/service-kit/otel`), which happens before the application's imports.
 * A second call is a no-op.
 */
export async function startTelemetry(options: TTelemetryOptions): Promise<void> {
  if (state.sdk) return;
  const [{ NodeSDK }, { BatchSpanProcessor }, { PeriodicExportingMetricReader }, http, pg, fastify] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const spanProcessors = [...(options.spanProcessors ?? [])];
  const metricReaders = [];
  if (options.endpoint) {
    const [{ OTLPTraceExporter }, { OTLPMetricExporter }] = await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/exporter-metrics-otlp-http'),
    ]);
    spanProcessors.push(
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }) }),
    );
    metricReaders.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${options.endpoint}/v1/metrics` }),
      }),
    );
  }
  const prometheus = await createPrometheusReader();
  metricReaders.push(prometheus);
  const sdk = new NodeSDK({
    serviceName: options.service,
    spanProcessors,
    metricReaders,
    instrumentations: [
      new http.HttpInstrumentation({
        // Probes and scrapes every few seconds would be most of the spans and say nothing.
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz|metrics)\b/.test(request.url ?? ''),
      }),
      new pg.PgInstrumentation(),
      new fastify.FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  if (state.metricsOnly) metrics.disable(); // the SDK's provider replaces the metrics-only one
  sdk.start();
  state.sdk = sdk;
  state.prometheus = prometheus;
  state.metricsOnly = false;
  state.preloaded = options.preloaded ?? false;
}

/** Whether the SDK runs, and whether the preload started it (then it patched the imports). */
export function telemetryStatus(): { started: boolean; preloaded: boolean } {
  return { started: state.sdk !== null, preloaded: state.preloaded };
}

/**
 * The Prometheus reader behind /metrics. Without the SDK (no OTLP endpoint) a MeterProvider with this
 * one reader is installed: a few ms of imports, and the kit's counters and histograms are still scraped.
 */
/**
 * Prepares /metrics (call once at start); then `renderMetrics()` answers a scrape. Without the SDK (no
 * OTLP endpoint) it installs a MeterProvider with the Prometheus reader alone: the kit's counters and
 * histograms are still scraped, for two small imports and no exporter.
 */
export async function startMetrics(service: string): Promise<void> {
  if (state.sdk || state.metricsOnly) return;
  const [{ MeterProvider }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/resources'),
  ]);
  const reader = await createPrometheusReader();
  if (state.sdk || state.metricsOnly) return; // another caller won the race
  metrics.setGlobalMeterProvider(
    new MeterProvider({ resource: resourceFromAttributes({ 'service.name': service }), readers: [reader] }),
  );
  state.prometheus = reader;
  state.metricsOnly = true;
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The current metrics in Prometheus' text format. */
export async function renderMetrics(): Promise<string> {
  const reader = state.prometheus;
  if (!reader) return '';
  const [{ PrometheusSerializer }] = await Promise.all([import('@opentelemetry/exporter-prometheus')]);
  const { resourceMetrics } = await reader.collect();
  return new PrometheusSerializer().serialize(resourceMetrics);
}

/** Flushes and stops the SDK (a metrics-only provider stays: it exports nothing). */
export async function stopTelemetry(): Promise<void> {
  const sdk = state.sdk;
  if (!sdk) return;
  state.sdk = null;
  state.prometheus = null;
  state.preloaded = false;
  await sdk.shutdown().catch(() => undefined);
  // Unregistered so a later start in the same process (tests) can register its own.
  for (const api of [metrics, trace, context, propagation]) api.disable();
}

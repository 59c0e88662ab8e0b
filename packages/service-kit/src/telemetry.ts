import type { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | null = null;

/**
 * OpenTelemetry traces and metrics, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Loaded lazily so a
 * service without an exporter pays nothing. HTTP and pg spans come from their instrumentations; the
 * W3C traceparent the gateway passes on links the spans of one request across services.
 */
export async function startTelemetry(service: string, endpoint: string | undefined): Promise<void> {
  if (!endpoint || sdk) return;
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { OTLPMetricExporter },
    { PeriodicExportingMetricReader },
    http,
    pgi,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/exporter-metrics-otlp-http'),
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const instance = new NodeSDK({
    serviceName: service,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
      }),
    ],
    instrumentations: [new http.HttpInstrumentation(), new pgi.PgInstrumentation()],
  });
  instance.start();
  sdk = instance;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = null;
}

// Tracing starts in the preload (NODE_OPTIONS=--import=@dealflow/service-kit/otel, set by the chart and the
// image), before the imports below load http and fastify: started here it would patch nothing.
import { blankIsUnset, startMetricsServer, stopTelemetry } from '@dealflow/service-kit';
import { z } from 'zod';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

/** Prometheus /metrics on a port of its own (the main port is public). Off (0) unless set: the chart sets 9464. */
const ZMetricsPort = blankIsUnset(z.coerce.number().int().min(0).max(65535)).default(0);

let config;
let metricsPort: number;
try {
  config = loadGatewayConfig();
  const parsed = ZMetricsPort.safeParse(process.env.METRICS_PORT);
  if (!parsed.success) throw new Error('METRICS_PORT must be a port number (0 turns /metrics off)');
  metricsPort = parsed.data;
} catch (error) {
  console.error(`[gateway] ${(error as Error).message}`);
  process.exit(1);
}
const app = await buildGateway(config);
await app.listen({ host: config.server.host, port: config.server.port });
const metricsServer =
  metricsPort > 0
    ? await startMetricsServer({ service: 'gateway', host: config.server.host, port: metricsPort })
    : null;

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    metricsServer?.close();
    app.close().then(
      // flushes the spans still batched (no-op without the SDK)
      () => stopTelemetry().finally(() => process.exit(0)),
      () => process.exit(1),
    );
  });
}

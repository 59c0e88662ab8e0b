import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { kitMetrics } from './metrics.js';
import { PROMETHEUS_CONTENT_TYPE, renderMetrics, startMetrics } from './telemetry.js';

const UNTIMED = new Set(['/metrics', '/healthz', '/readyz']);

/** A request-duration histogram labelled by route template (never the raw URL: ids would explode the series). */
export function recordRequestDurations(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || UNTIMED.has(route)) return;
    kitMetrics().httpDuration.record(reply.elapsedTime / 1000, {
      'http.request.method': request.method,
      'http.route': route,
      'http.response.status_code': reply.statusCode,
    });
  });
}

/** A service's Prometheus `/metrics`, on its own (cluster-internal) port, scraped by a ServiceMonitor. */
export async function registerMetrics(app: FastifyInstance, service: string): Promise<void> {
  await startMetrics(service);
  recordRequestDurations(app);
  app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) =>
    reply.type(PROMETHEUS_CONTENT_TYPE).send(await renderMetrics()),
  );
}

/**
 * `/metrics` on a port of its own, for a process whose main port is public (the gateway): the scrape
 * reaches the pod directly, the ingress never routes there.
 */
export async function startMetricsServer(options: {
  service: string;
  host: string;
  port: number;
}): Promise<Server> {
  await startMetrics(options.service);
  const server = createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    renderMetrics().then(
      (body) => response.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return server;
}

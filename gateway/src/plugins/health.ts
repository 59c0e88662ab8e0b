import type { FastifyPluginAsync } from 'fastify';

/** The orchestrator's probes. The gateway owns no data: answering at all is the signal. */
export const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { compress: false }, async () => ({ status: 'ok' }));
  app.get('/readyz', { compress: false }, async () => ({ status: 'ok' }));
};

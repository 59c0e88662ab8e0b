import { recordRequestDurations } from '@dealflow/service-kit';
import fp from 'fastify-plugin';

/**
 * Request durations by route, like the services'. The gateway's port is public, so its /metrics is served
 * on a port of its own by server.ts (METRICS_PORT), never through the ingress.
 */
export const metrics = fp(async (app) => recordRequestDurations(app), { name: 'gateway-metrics' });

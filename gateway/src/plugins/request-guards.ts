import fp from 'fastify-plugin';
import { refuseBody } from '../body-guard.js';
import { gatewayError } from '../errors.js';

/**
 * Before anything else: the request id goes back to the client (fastify's `genReqId` keeps a sane
 * incoming one), and a body announced larger than the limit is refused before a byte of it is read.
 */
export const requestGuards = fp<{ maxBodyBytes: number }>(
  async (app, { maxBodyBytes }) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > maxBodyBytes) throw refuseBody(request, reply, gatewayError('BODY_TOO_LARGE'));
    });
  },
  { name: 'gateway-request-guards' },
);

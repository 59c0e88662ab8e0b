import { AppError } from '@dealflow/service-kit';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every error as the seed's `{message}`: the gateway's own (its table in errors.ts) as declared, a
 * client's mistake (4xx) with fastify's message, anything else as a logged 500.
 */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const status = error.statusCode ?? 500;
      const ours = error instanceof AppError;
      if (ours && status >= 500) request.log.warn({ status, code: error.code }, error.message);
      else if (status >= 500) request.log.error({ err: error }, 'gateway error');
      const message =
        status >= 500 && !ours
          ? 'Internal server error'
          : status === 413
            ? 'Request body is too large'
            : error.message || 'Bad request';
      return reply.code(status).send({ message });
    });
  },
  { name: 'gateway-error-handler' },
);

import type { FastifyError, FastifyInstance } from 'fastify';

/** An error with the HTTP status the client should see; the body is always the seed's `{message}`. */
export class GatewayError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

const LABELS: Record<string, string> = {
  identity: 'sign-in service',
  billing: 'billing service',
  ingest: 'records service',
  crm: 'CRM service',
};
export const labelOf = (upstream: string) => LABELS[upstream] ?? upstream;

/** Maps a failed proxy attempt (an undici error) to 502, 503 or 504 with a message people can read. */
export function upstreamFailure(upstream: string, error: unknown): GatewayError {
  const label = labelOf(upstream);
  const err = error as { code?: string; statusCode?: number; cause?: { code?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  if (code.includes('TIMEOUT') || err.statusCode === 504) {
    return new GatewayError(504, `The ${label} took too long to respond. Please try again later.`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || err.statusCode === 503) {
    return new GatewayError(
      503,
      `The ${label} is temporarily unavailable. Please try again in a few moments.`,
    );
  }
  return new GatewayError(
    502,
    `Bad gateway: the ${label} did not answer. Please try again in a few moments.`,
  );
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error instanceof GatewayError) {
      if (status >= 500) request.log.warn({ status }, error.message);
    } else if (status >= 500) {
      request.log.error({ err: error }, 'gateway error');
    }
    const message =
      status >= 500 && !(error instanceof GatewayError)
        ? 'Internal server error'
        : status === 413
          ? 'Request body is too large'
          : error.message || 'Bad request';
    return reply.code(status).send({ message });
  });
}

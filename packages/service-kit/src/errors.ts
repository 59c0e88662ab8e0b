import type { FastifyError, FastifyInstance } from 'fastify';
import { SharedErrors, type TSharedErrorCode } from '@dealflow/contracts/errors';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error the client should see: HTTP status, a stable code and the seed's `{message, details?}` body. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly statusCode: number,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** One row of a service's error table: HTTP status and the default message people see. */
export interface TErrorSpec {
  status: number;
  message: string;
}

/**
 * A service's error table (fastify's `createError(code, message, status)` style): every code declared
 * once with its status and default message, so the same rule always answers the same way. The product's
 * shared codes (`SharedErrors` in @dealflow/contracts/errors: NO_ORGANIZATION, NOT_OWNER, PLAN_REQUIRED,
 * INTEGRATION_LIMIT_REACHED, ENCRYPTION_NOT_CONFIGURED, ...) are merged in: a service's table adds only its
 * own codes and may not redefine a shared one (a type error, and refused when the table is defined).
 *
 *   export const BillingError = defineErrors('BillingError', {
 *     PLAN_UNKNOWN: { status: 400, message: 'Unknown plan or billing cycle' },
 *   });
 *   throw new BillingError('NOT_OWNER');                  // a shared code, its default message
 *   throw new BillingError('PLAN_UNKNOWN', `Unknown plan ${plan}`); // a specific one
 */
export function defineErrors<const M extends Record<string, TErrorSpec>>(
  name: string,
  table: M & { [K in keyof M & TSharedErrorCode]: never },
) {
  const redefined = Object.keys(table).filter((code) => Object.hasOwn(SharedErrors, code));
  if (redefined.length > 0) {
    throw new Error(
      `${name} redefines the shared error code(s) ${redefined.join(', ')}: use @dealflow/contracts/errors' row`,
    );
  }
  const merged = { ...SharedErrors, ...table } as typeof SharedErrors & M;
  const rows: Record<string, TErrorSpec | undefined> = merged;
  return class extends AppError {
    static readonly table = merged;
    constructor(code: (keyof M | TSharedErrorCode) & string, message?: string, details?: unknown) {
      super(
        code,
        rows[code]?.status ?? 500,
        message ?? rows[code]?.message ?? 'Internal server error',
        details,
      );
      this.name = name;
    }
  };
}

/** Errors the kit itself raises (with the shared ones: UNAUTHORIZED, NO_ORGANIZATION, NOT_OWNER, ...). */
export const KitError = defineErrors('KitError', {
  INTERNAL_TOKEN: { status: 401, message: 'Internal API token missing or wrong' },
  API_KEY_NOT_ALLOWED: { status: 403, message: 'API keys cannot be used for this endpoint' },
  API_KEY_READ_ONLY: {
    status: 403,
    message: 'This API key is read-only: use a key with the write scope for this request',
  },
  SESSION_UNVERIFIED: {
    status: 403,
    message: 'Confirm your email address first: use the link we sent you, then try again',
  },
  REAUTH_REQUIRED: { status: 403, message: 'Enter your password again to continue' },
});

/** Seed 000's message for a database whose schema is missing; the login page shows its notice on the flag. */
export const DB_NOT_INITIALIZED_MESSAGE =
  'Database schema not initialized. Please run the setup script: ./setup.sh';

interface PgError {
  code?: string;
  detail?: string;
}

/** Maps every error to `{message, details?}` with a 4xx where the client is at fault; unknown -> 500. */
export function installErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // A deliberate 5xx (a provider not configured or down) is an expected state: a warning, no stack.
      if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
      return reply
        .code(error.statusCode)
        .send(
          error.details === undefined
            ? { message: error.message }
            : { message: error.message, details: error.details },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      return reply
        .code(400)
        .send({ message: `${details[0]?.message ?? 'Invalid request'}${where}`, details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    const pg = error as PgError;
    if (pg.code === '23505') {
      return reply.code(409).send({ message: 'This already exists' });
    }
    if (pg.code === '22P02' || pg.code === '22003') {
      return reply.code(400).send({ message: 'Invalid value' });
    }
    // undefined_table / invalid_schema_name: the migrations have not run (seed 000: dbInitRequired).
    if (pg.code === '42P01' || pg.code === '3F000') {
      request.log.error({ err: error }, 'database schema not initialized');
      return reply.code(503).send({ message: DB_NOT_INITIALIZED_MESSAGE, dbInitRequired: true });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'Request body is too large'
          : status === 415
            ? 'Unsupported content type'
            : error.message || 'Bad request';
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status && status >= 500 ? status : 500).send({ message: 'Internal server error' });
  });
}

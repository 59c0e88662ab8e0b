import { z } from 'zod';

/**
 * An unset, empty or blank variable is absent: `.env.example` lists every variable with a blank value,
 * and a blank line there means "not configured", not "configured as ''".
 * `blankIsUnset(z.url())` is an optional URL; add `.default()` outside for a fallback.
 */
export const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const optionalString = blankIsUnset(z.string());

/** Variables every service reads. Each service extends this with its own (STYLE.md: config validated at boot). */
export const ZBaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default: postgres://postgres@127.0.0.1:5432/<service>. */
  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Comma-separated host:port list. Unset: the outbox keeps events until a broker is configured. */
  KAFKA_BROKERS: optionalString,
  REDIS_URL: optionalString,
  /** PEM of identity's ES256 public key; verifies the gateway's x-identity-token. */
  IDENTITY_JWT_PUBLIC_KEY: optionalString,
  INTERNAL_API_TOKEN: z
    .string()
    .min(8, 'INTERNAL_API_TOKEN must be at least 8 characters')
    .default('dev-internal-token'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  /** Outbox relay poll interval when no NOTIFY arrives (ms). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
});
export type TBaseConfig = z.infer<typeof ZBaseConfig>;

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at boot, into a frozen object. A missing or invalid variable throws a
 * ConfigError naming it; `runService` prints it and exits with status 1.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return Object.freeze(result.data) as Readonly<z.infer<S>>;
}

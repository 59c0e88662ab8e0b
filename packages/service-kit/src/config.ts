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
  /** TLS to the brokers (Strimzi's `tls` listener): 'true', with KAFKA_TLS_CA when the cluster CA is private. */
  KAFKA_TLS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** PEM of the CA that signed the brokers' certificates (Strimzi: <cluster>-cluster-ca-cert, key ca.crt). */
  KAFKA_TLS_CA: optionalString,
  /** SASL for a KafkaUser with `authentication: scram-sha-512` (Strimzi), or plain. */
  KAFKA_SASL_MECHANISM: blankIsUnset(z.enum(['scram-sha-512', 'scram-sha-256', 'plain'])),
  KAFKA_SASL_USERNAME: optionalString,
  KAFKA_SASL_PASSWORD: optionalString,
  REDIS_URL: optionalString,
  /** Redis AUTH password, kept out of REDIS_URL so it can come from a Secret of its own. */
  REDIS_PASSWORD: optionalString,
  /**
   * On SIGTERM, how long readiness answers 503 before the server closes: long enough for the load balancer
   * to take the pod out of its endpoints (Kubernetes: a little more than the preStop sleep). 0 locally.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
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

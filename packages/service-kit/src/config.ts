import { z } from 'zod';

/**
 * An unset, empty or blank variable is absent: `.env.example` lists every variable with a blank value,
 * and a blank line there means "not configured", not "configured as ''".
 * `blankIsUnset(z.url())` is an optional URL; add `.default()` outside for a fallback.
 */
export const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const optionalString = blankIsUnset(z.string());

/**
 * One URL, or several separated by commas: the instances of one service (a local rolling restart, where
 * `UpstreamGroup` spreads requests over them); in a cluster one Service URL stands for all replicas.
 */
export const urlList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1));

/** The internal token every process shares in development; production refuses it (refuseDevelopmentDefaults). */
export const DEV_INTERNAL_API_TOKEN = 'dev-internal-token';

/** `ALLOW_EMBEDDED_*=1`: production accepts an embedded provider on purpose (a demo, a staging cluster). */
export const ZAllowFlag = blankIsUnset(z.enum(['1', '0', 'true', 'false'])).transform(
  (v) => v === '1' || v === 'true',
);

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
    .default(DEV_INTERNAL_API_TOKEN),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Lifetime of a sign-in session and its cookie (identity issues it; billing's auto-login sets the cookie too). */
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  /**
   * A failing event is parked and retried with exponential backoff and jitter from this delay (doubling, at
   * most CONSUMER_RETRY_MAX_DELAY_MS), CONSUMER_RETRY_MAX_ATTEMPTS tries in all, then dead-lettered
   * (~6 min with the defaults; consumer.ts, TRetryPolicy).
   */
  CONSUMER_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  CONSUMER_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(1).default(300_000),
  CONSUMER_RETRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
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

/** One development default a production process must not run on. */
export interface TDevelopmentDefault<E> {
  /** The variable to set (named in the refusal). */
  variable: string;
  /** True when `env` is on the development default. */
  isDefault: (env: E) => boolean;
  /** What running on it would mean, for the operator reading the refusal. */
  why: string;
  /** An `ALLOW_EMBEDDED_*` flag that accepts it on purpose (embedded providers only, never a secret). */
  allowedBy?: { flag: string; isSet: (env: E) => boolean };
}

/** Every service's own: the internal token all processes share in development. */
export const baseDevelopmentDefaults: TDevelopmentDefault<TBaseConfig>[] = [
  {
    variable: 'INTERNAL_API_TOKEN',
    isDefault: (env) => env.INTERNAL_API_TOKEN === DEV_INTERNAL_API_TOKEN,
    why: 'the development token is public, so anyone reaching a service could call its internal routes',
  },
];

/**
 * With NODE_ENV=production, refuses to start on a development default (a known secret, the embedded payment
 * provider, the file mail outbox) unless its `ALLOW_EMBEDDED_*` flag says so: one issue per default, naming
 * the variable. Use in the service's env schema: `.superRefine(refuseDevelopmentDefaults([...]))`; the base
 * defaults are always included.
 */
export function refuseDevelopmentDefaults<E extends Pick<TBaseConfig, 'NODE_ENV' | 'INTERNAL_API_TOKEN'>>(
  own: TDevelopmentDefault<E>[] = [],
): (env: E, ctx: z.RefinementCtx) => void {
  const all = [...(baseDevelopmentDefaults as unknown as TDevelopmentDefault<E>[]), ...own];
  return (env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const d of all) {
      if (!d.isDefault(env) || d.allowedBy?.isSet(env)) continue;
      const allow = d.allowedBy ? `, or set ${d.allowedBy.flag}=1 to run it on purpose` : '';
      ctx.addIssue({
        code: 'custom',
        path: [d.variable],
        message: `refused in production: ${d.variable} is on its development default (${d.why}); set ${d.variable}${allow}`,
      });
    }
  };
}

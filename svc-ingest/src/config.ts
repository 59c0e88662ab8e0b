import { ZBaseConfig, loadConfig } from '@dealflow/service-kit';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const encryptionKey = optional.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
  message: 'MAILBOX_ENCRYPTION_KEY must be 32 bytes, base64 encoded (openssl rand -base64 32)',
});

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** Domain of the per-organization inbound addresses `<slug>-<token>@INBOUND_MAIL_DOMAIN`. */
  INBOUND_MAIL_DOMAIN: z.string().min(3).default('inbound.dealflow.local'),
  /** Largest raw message the mail webhook accepts (bytes); larger -> 413. */
  MAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** Largest deck file processed (bytes); larger fails its record. */
  DECK_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Any OpenAI-compatible endpoint; without both, the offline heuristic extractor is used. */
  OPENAI_BASE_URL: optional,
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** AES-256-GCM key for mailbox passwords and accounting secrets at rest. */
  MAILBOX_ENCRYPTION_KEY: encryptionKey,
  /** How often the auto-scan loop looks for mailboxes due a scan (each mailbox has its own interval). */
  MAILBOX_SCAN_TICK_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often emails held by the monthly limit are re-examined. */
  LIMIT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  IMAP_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
});
export type TConfig = z.infer<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

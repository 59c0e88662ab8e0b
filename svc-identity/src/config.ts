import { z } from 'zod';
import { ZBaseConfig, loadConfig } from '@dealflow/service-kit';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

export const ZConfig = ZBaseConfig.extend({
  /** ES256 private key (PKCS#8 PEM). Absent in development: an ephemeral pair is generated at boot. */
  IDENTITY_JWT_PRIVATE_KEY: optionalString,
  SUPPORT_EMAIL: z.string().default('support@dealflow.local'),
  /** nodemailer SMTP URL (smtp://user:pass@host:port); absent: emails go to MAIL_OUTBOX_DIR and the log. */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('DealFlow <no-reply@dealflow.local>'),
  MAIL_OUTBOX_DIR: optionalString,
  GOOGLE_OIDC_ISSUER: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * Identity is reached through the gateway, which appends the client's address to X-Forwarded-For:
   * true = the rightmost entry is the client IP for login throttling (false = the socket's address).
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Consecutive failed sign-ins before an account (email) is blocked for LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins per IP per hour before the IP is blocked for LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_BLOCK_SECONDS: z.coerce.number().int().positive().default(900),
  /** Password reset requests per email and per IP per hour. */
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
});
export type TConfig = z.infer<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env): TConfig =>
  loadConfig(ZConfig, env);

export const isGoogleSignInEnabled = (config: TConfig): boolean =>
  Boolean(config.GOOGLE_OIDC_ISSUER && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

import { z } from 'zod';
import {
  ZAllowFlag,
  ZBaseConfig,
  blankIsUnset,
  loadConfig,
  refuseDevelopmentDefaults,
} from '@dealflow/service-kit';
import { DEFAULT_SUPPORT_EMAIL } from '@dealflow/contracts/plans';

const optional = blankIsUnset(z.string());

/**
 * The development default of TWO_FACTOR_ENCRYPTION_KEY (32 bytes, base64): public, so production refuses it.
 * Generate a real one with `openssl rand -base64 32`.
 */
export const DEV_TWO_FACTOR_ENCRYPTION_KEY = 'ZGVhbGZsb3ctZGV2LXR3by1mYWN0b3Ita2V5LTMyYiE=';

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZIdentityEnv = ZBaseConfig.extend({
  /** ES256 private key (PKCS#8 PEM). Absent in development: an ephemeral pair is generated at boot. */
  IDENTITY_JWT_PRIVATE_KEY: optional,
  /**
   * The one support address: GET /api/config serves it to every screen, every email carries it, and the Help
   * menu's support requests are sent to it. Production refuses the development default.
   */
  SUPPORT_EMAIL: z.string().email().default(DEFAULT_SUPPORT_EMAIL),
  /** nodemailer SMTP URL (smtp://user:pass@host:port); absent: emails go to MAIL_OUTBOX_DIR and the log. */
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('DealFlow <no-reply@dealflow.local>'),
  MAIL_OUTBOX_DIR: optional,
  /** Production only: '1' accepts the file mail outbox on purpose (a demo); otherwise SMTP_URL is required. */
  ALLOW_EMBEDDED_MAIL: ZAllowFlag,
  GOOGLE_OIDC_ISSUER: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /**
   * Identity is reached through the gateway, which appends the client's address to X-Forwarded-For:
   * true = the rightmost entry is the client IP for login throttling (false = the socket's address).
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * A session's absolute lifetime from sign-in, and how long it may sit unused. An investor app is used on
   * and off through the week from one's own devices: signing in again after a week away, and at least
   * monthly, is what such a user expects (banking-style 30-minute idle timeouts are for shared machines).
   */
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60),
  /** Consecutive failed sign-ins of one account (email) from one IP before that pair waits LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().positive().default(5),
  /**
   * Failed sign-ins of one account per hour from any IP before the account waits LOGIN_BLOCK_SECONDS: far
   * above the pair's limit, so only a distributed guesser (many addresses) reaches it.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(50),
  /** Failed sign-ins per IP per hour before the IP is blocked for LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_BLOCK_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * AES-256-GCM key (32 bytes, base64) for the two-factor (TOTP) secrets at rest; also keys the recovery
   * codes' HMAC. Changing it makes every enrolled authenticator and recovery code unusable.
   */
  TWO_FACTOR_ENCRYPTION_KEY: blankIsUnset(z.string())
    .default(DEV_TWO_FACTOR_ENCRYPTION_KEY)
    .refine((v) => Buffer.from(v, 'base64').length === 32, {
      message: 'TWO_FACTOR_ENCRYPTION_KEY must be 32 bytes, base64 encoded (openssl rand -base64 32)',
    }),
  /** Password reset requests per email and per IP per hour. */
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Attempts to set a password with a reset token, per client IP per hour (guesses of tokens included). */
  PASSWORD_RESET_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(10),
  /** Attempts with one reset token (its lifetime is an hour). */
  PASSWORD_RESET_ATTEMPTS_PER_TOKEN: z.coerce.number().int().positive().default(5),
}).superRefine(
  refuseDevelopmentDefaults([
    {
      variable: 'IDENTITY_JWT_PRIVATE_KEY',
      isDefault: (env) => !env.IDENTITY_JWT_PRIVATE_KEY,
      why: 'an ephemeral key pair: the services cannot verify it and every replica or restart signs with another',
    },
    {
      variable: 'SMTP_URL',
      isDefault: (env) => !env.SMTP_URL,
      why: 'invitation and password-reset emails would be written to a local folder, never sent',
      allowedBy: { flag: 'ALLOW_EMBEDDED_MAIL', isSet: (env) => env.ALLOW_EMBEDDED_MAIL },
    },
    {
      variable: 'SUPPORT_EMAIL',
      isDefault: (env) => env.SUPPORT_EMAIL === DEFAULT_SUPPORT_EMAIL,
      why: 'support requests, the Help menu and every email would point at a placeholder address nobody reads',
    },
    {
      variable: 'TWO_FACTOR_ENCRYPTION_KEY',
      isDefault: (env) => env.TWO_FACTOR_ENCRYPTION_KEY === DEV_TWO_FACTOR_ENCRYPTION_KEY,
      why: 'a key written in the source code: anyone could decrypt the stored two-factor secrets',
    },
  ]),
);
type TIdentityEnv = z.infer<typeof ZIdentityEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  IDENTITY_JWT_PRIVATE_KEY,
  SUPPORT_EMAIL,
  SMTP_URL,
  MAIL_FROM,
  MAIL_OUTBOX_DIR,
  ALLOW_EMBEDDED_MAIL: _allowEmbeddedMail,
  GOOGLE_OIDC_ISSUER,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  TRUST_PROXY,
  SESSION_TTL_DAYS,
  SESSION_IDLE_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_BLOCK_SECONDS,
  PASSWORD_RESET_MAX_PER_HOUR,
  PASSWORD_RESET_ATTEMPTS_PER_IP,
  PASSWORD_RESET_ATTEMPTS_PER_TOKEN,
  TWO_FACTOR_ENCRYPTION_KEY,
  ...base
}: TIdentityEnv) => ({
  ...base,
  /** Unset privateKey: an ephemeral key pair (development only). */
  jwt: { privateKey: IDENTITY_JWT_PRIVATE_KEY },
  supportEmail: SUPPORT_EMAIL,
  /** Unset smtpUrl: emails go to outboxDir and the log. */
  mail: { smtpUrl: SMTP_URL, from: MAIL_FROM, outboxDir: MAIL_OUTBOX_DIR },
  /** Google sign-in, or null when any of its three settings is missing (the routes answer 404). */
  google:
    GOOGLE_OIDC_ISSUER && GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET
      ? { issuer: GOOGLE_OIDC_ISSUER, clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET }
      : null,
  trustProxy: TRUST_PROXY,
  twoFactor: { encryptionKey: TWO_FACTOR_ENCRYPTION_KEY },
  session: { ttlDays: SESSION_TTL_DAYS, idleMinutes: SESSION_IDLE_MINUTES },
  // The kit's variable too (its session cookie and billing's auto-login read it there).
  SESSION_TTL_DAYS,
  throttle: {
    maxFailuresPerAccountIp: LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
    maxFailuresPerAccount: LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: LOGIN_MAX_FAILURES_PER_IP,
    blockSeconds: LOGIN_BLOCK_SECONDS,
    passwordResetsPerHour: PASSWORD_RESET_MAX_PER_HOUR,
    resetAttemptsPerIp: PASSWORD_RESET_ATTEMPTS_PER_IP,
    resetAttemptsPerToken: PASSWORD_RESET_ATTEMPTS_PER_TOKEN,
  },
});

export const ZConfig = ZIdentityEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env): TConfig =>
  loadConfig(ZConfig, env);

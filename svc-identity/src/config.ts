import { z } from 'zod';
import { ZBaseConfig, blankIsUnset, loadConfig } from '@dealflow/service-kit';

const optional = blankIsUnset(z.string());

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZIdentityEnv = ZBaseConfig.extend({
  /** ES256 private key (PKCS#8 PEM). Absent in development: an ephemeral pair is generated at boot. */
  IDENTITY_JWT_PRIVATE_KEY: optional,
  SUPPORT_EMAIL: z.string().default('support@dealflow.local'),
  /** nodemailer SMTP URL (smtp://user:pass@host:port); absent: emails go to MAIL_OUTBOX_DIR and the log. */
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('DealFlow <no-reply@dealflow.local>'),
  MAIL_OUTBOX_DIR: optional,
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
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Consecutive failed sign-ins before an account (email) is blocked for LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins per IP per hour before the IP is blocked for LOGIN_BLOCK_SECONDS. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_BLOCK_SECONDS: z.coerce.number().int().positive().default(900),
  /** Password reset requests per email and per IP per hour. */
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
});
type TIdentityEnv = z.infer<typeof ZIdentityEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  IDENTITY_JWT_PRIVATE_KEY,
  SUPPORT_EMAIL,
  SMTP_URL,
  MAIL_FROM,
  MAIL_OUTBOX_DIR,
  GOOGLE_OIDC_ISSUER,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  TRUST_PROXY,
  SESSION_TTL_DAYS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_BLOCK_SECONDS,
  PASSWORD_RESET_MAX_PER_HOUR,
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
  session: { ttlDays: SESSION_TTL_DAYS },
  throttle: {
    maxFailuresPerAccount: LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: LOGIN_MAX_FAILURES_PER_IP,
    blockSeconds: LOGIN_BLOCK_SECONDS,
    passwordResetsPerHour: PASSWORD_RESET_MAX_PER_HOUR,
  },
});

export const ZConfig = ZIdentityEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env): TConfig =>
  loadConfig(ZConfig, env);

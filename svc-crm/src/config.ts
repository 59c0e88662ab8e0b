import { z } from 'zod';
import { ZBaseConfig, blankIsUnset, loadConfig, refuseDevelopmentDefaults } from '@dealflow/service-kit';

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZCrmEnv = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(4004),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/crm'),
  /**
   * Seals each organization's Affinity API key at rest (32 bytes, base64). Without it no organization can
   * connect Affinity (the connect answers 503) and every deal goes to the built-in CRM. Owners connect their
   * own account in the app (Integration 2); there is no account shared by all tenants.
   */
  CRM_ENCRYPTION_KEY: blankIsUnset(z.string().min(1)),
  AFFINITY_BASE_URL: z.url().default('https://api.affinity.co'),
  /** The default of where people open an opportunity (an owner gives their tenant's subdomain on connecting). */
  AFFINITY_WEB_URL: z.url().default('https://app.affinity.co'),
  /** Client-side budget per replica; Affinity allows 900 requests per user per minute. */
  AFFINITY_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(900).default(600),
  /** Any OpenAI-compatible server for the AI analysis; without it the analysis answers 503. */
  OPENAI_BASE_URL: blankIsUnset(z.url()),
  OPENAI_API_KEY: blankIsUnset(z.string().min(1)),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /**
   * Replies to founders (nodemailer SMTP URL, as identity's). Unset: in development they are written to
   * MAIL_OUTBOX_DIR as .eml files; in production the reply answers 503.
   */
  SMTP_URL: blankIsUnset(z.string().min(1)),
  /** The installation's address replies go out from (Reply-To is the member). */
  MAIL_FROM: z.string().min(1).default('DealFlow <no-reply@dealflow.local>'),
  MAIL_OUTBOX_DIR: blankIsUnset(z.string().min(1)),
}).superRefine((env, ctx) => {
  if (env.CRM_ENCRYPTION_KEY && Buffer.from(env.CRM_ENCRYPTION_KEY, 'base64').length !== 32) {
    ctx.addIssue({
      code: 'custom',
      path: ['CRM_ENCRYPTION_KEY'],
      message: 'CRM_ENCRYPTION_KEY must be 32 bytes, base64 (openssl rand -base64 32)',
    });
  }
  refuseDevelopmentDefaults()(env, ctx);
});
type TCrmEnv = z.infer<typeof ZCrmEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  CRM_ENCRYPTION_KEY,
  AFFINITY_BASE_URL,
  AFFINITY_WEB_URL,
  AFFINITY_MAX_REQUESTS_PER_MINUTE,
  OPENAI_BASE_URL,
  OPENAI_API_KEY,
  OPENAI_MODEL,
  SMTP_URL,
  MAIL_FROM,
  MAIL_OUTBOX_DIR,
  ...base
}: TCrmEnv) => ({
  ...base,
  /** Each organization's own key and list are stored (sealed with encryptionKey) when its owner connects. */
  affinity: {
    encryptionKey: CRM_ENCRYPTION_KEY,
    baseUrl: AFFINITY_BASE_URL,
    webUrl: AFFINITY_WEB_URL,
    maxRequestsPerMinute: AFFINITY_MAX_REQUESTS_PER_MINUTE,
  },
  /** Unset baseUrl: the AI analysis answers 503 saying what to configure. */
  openai: { baseUrl: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL },
  /** Replies to founders (issue 23 item 4). */
  mail: { smtpUrl: SMTP_URL, from: MAIL_FROM, outboxDir: MAIL_OUTBOX_DIR },
});

export const ZConfig = ZCrmEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

import { z } from 'zod';
import { ZBaseConfig, loadConfig } from '@dealflow/service-kit';

/** An empty variable (`AFFINITY_API_KEY=` in a .env file) means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(4004),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/crm'),
  /** Affinity replaces the built-in CRM when set (API v1, basic auth with this key). */
  AFFINITY_API_KEY: optional(z.string().min(1)),
  /** The Affinity list (of type opportunity) new deals are added to. Required with AFFINITY_API_KEY. */
  AFFINITY_LIST_ID: optional(z.coerce.number().int().positive()),
  AFFINITY_BASE_URL: z.url().default('https://api.affinity.co'),
  /** Where people open an opportunity: `<AFFINITY_WEB_URL>/opportunities/<id>` (your tenant's subdomain). */
  AFFINITY_WEB_URL: z.url().default('https://app.affinity.co'),
  /** Client-side budget per replica; Affinity allows 900 requests per user per minute. */
  AFFINITY_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(900).default(600),
  /** Any OpenAI-compatible server for the AI analysis; without it the analysis answers 503. */
  OPENAI_BASE_URL: optional(z.url()),
  OPENAI_API_KEY: optional(z.string().min(1)),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
}).superRefine((config, ctx) => {
  if (config.AFFINITY_API_KEY && !config.AFFINITY_LIST_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['AFFINITY_LIST_ID'],
      message: 'AFFINITY_LIST_ID is required when AFFINITY_API_KEY is set',
    });
  }
});
export type TConfig = z.infer<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

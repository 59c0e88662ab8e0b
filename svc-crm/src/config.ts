import { z } from 'zod';
import { ZBaseConfig, blankIsUnset, loadConfig } from '@dealflow/service-kit';

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZCrmEnv = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(4004),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/crm'),
  /** Affinity replaces the built-in CRM when set (API v1, basic auth with this key). */
  AFFINITY_API_KEY: blankIsUnset(z.string().min(1)),
  /** The Affinity list (of type opportunity) new deals are added to. Required with AFFINITY_API_KEY. */
  AFFINITY_LIST_ID: blankIsUnset(z.coerce.number().int().positive()),
  AFFINITY_BASE_URL: z.url().default('https://api.affinity.co'),
  /** Where people open an opportunity: `<AFFINITY_WEB_URL>/opportunities/<id>` (your tenant's subdomain). */
  AFFINITY_WEB_URL: z.url().default('https://app.affinity.co'),
  /** Client-side budget per replica; Affinity allows 900 requests per user per minute. */
  AFFINITY_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(900).default(600),
  /** Any OpenAI-compatible server for the AI analysis; without it the analysis answers 503. */
  OPENAI_BASE_URL: blankIsUnset(z.url()),
  OPENAI_API_KEY: blankIsUnset(z.string().min(1)),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
}).superRefine((env, ctx) => {
  if (env.AFFINITY_API_KEY && !env.AFFINITY_LIST_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['AFFINITY_LIST_ID'],
      message: 'AFFINITY_LIST_ID is required when AFFINITY_API_KEY is set',
    });
  }
});
type TCrmEnv = z.infer<typeof ZCrmEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  AFFINITY_API_KEY,
  AFFINITY_LIST_ID,
  AFFINITY_BASE_URL,
  AFFINITY_WEB_URL,
  AFFINITY_MAX_REQUESTS_PER_MINUTE,
  OPENAI_BASE_URL,
  OPENAI_API_KEY,
  OPENAI_MODEL,
  ...base
}: TCrmEnv) => ({
  ...base,
  /** Unset apiKey: deals go to the built-in CRM. listId is set whenever apiKey is (checked above). */
  affinity: {
    apiKey: AFFINITY_API_KEY,
    listId: AFFINITY_LIST_ID,
    baseUrl: AFFINITY_BASE_URL,
    webUrl: AFFINITY_WEB_URL,
    maxRequestsPerMinute: AFFINITY_MAX_REQUESTS_PER_MINUTE,
  },
  /** Unset baseUrl: the AI analysis answers 503 saying what to configure. */
  openai: { baseUrl: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL },
});

export const ZConfig = ZCrmEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

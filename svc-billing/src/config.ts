import { z } from 'zod';
import { ZBaseConfig, loadConfig } from '@dealflow/service-kit';

/** An unset or empty variable is absent (so .env.example's blank lines mean "not configured"). */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
const priceId = blankIsUnset(z.string().min(1));

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().positive().default(4002),
  /** Without it the embedded payment provider under /pay/* is used (the product works offline). */
  STRIPE_SECRET_KEY: blankIsUnset(z.string().min(1)),
  STRIPE_WEBHOOK_SECRET: blankIsUnset(z.string().min(1)),
  /** Points the real SDK somewhere else (tests: the local stand-in). */
  STRIPE_API_HOST: blankIsUnset(z.string().min(1)),
  STRIPE_API_PORT: blankIsUnset(z.coerce.number().int().positive()),
  STRIPE_API_PROTOCOL: blankIsUnset(z.enum(['http', 'https'])),
  STRIPE_PRICE_BASIC_MONTHLY: priceId,
  STRIPE_PRICE_BASIC_ANNUAL: priceId,
  STRIPE_PRICE_PRO_MONTHLY: priceId,
  STRIPE_PRICE_PRO_ANNUAL: priceId,
  /** Price of the one-time $50 template licence. */
  STRIPE_PRICE_TEMPLATE: priceId,
  /** Base URL of svc-identity for the auto-login hand-off (POST /internal/sessions). */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** Secret of the embedded provider's self-signed webhook-equivalent hand-off (pages under /pay). */
  EMBEDDED_PAYMENTS_SECRET: z.string().min(16).default('embedded-payments-local-secret'),
});
export type TConfig = z.infer<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(ZConfig, env);
  if (config.STRIPE_SECRET_KEY) {
    const missing = [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC_MONTHLY',
      'STRIPE_PRICE_BASIC_ANNUAL',
      'STRIPE_PRICE_PRO_MONTHLY',
      'STRIPE_PRICE_PRO_ANNUAL',
      'STRIPE_PRICE_TEMPLATE',
    ].filter((name) => !config[name as keyof TConfig]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration: ${missing.join(', ')} required when STRIPE_SECRET_KEY is set`);
    }
  }
  return config;
};

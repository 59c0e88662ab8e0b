import { z } from 'zod';
import { ZBaseConfig, blankIsUnset, loadConfig } from '@dealflow/service-kit';

const priceId = blankIsUnset(z.string().min(1));
const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC_MONTHLY',
  'STRIPE_PRICE_BASIC_ANNUAL',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_ANNUAL',
  'STRIPE_PRICE_TEMPLATE',
] as const;

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZBillingEnv = ZBaseConfig.extend({
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
}).superRefine((env, ctx) => {
  if (!env.STRIPE_SECRET_KEY) return;
  const missing = STRIPE_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `${missing.join(', ')} required when STRIPE_SECRET_KEY is set`,
    });
});
type TBillingEnv = z.infer<typeof ZBillingEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_HOST,
  STRIPE_API_PORT,
  STRIPE_API_PROTOCOL,
  STRIPE_PRICE_BASIC_MONTHLY,
  STRIPE_PRICE_BASIC_ANNUAL,
  STRIPE_PRICE_PRO_MONTHLY,
  STRIPE_PRICE_PRO_ANNUAL,
  STRIPE_PRICE_TEMPLATE,
  IDENTITY_URL,
  EMBEDDED_PAYMENTS_SECRET,
  ...base
}: TBillingEnv) => ({
  ...base,
  /** Unset secretKey: the embedded provider. When it is set, every other Stripe value is (checked above). */
  stripe: {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiHost: STRIPE_API_HOST,
    apiPort: STRIPE_API_PORT,
    apiProtocol: STRIPE_API_PROTOCOL,
    prices: {
      basicMonthly: STRIPE_PRICE_BASIC_MONTHLY,
      basicAnnual: STRIPE_PRICE_BASIC_ANNUAL,
      proMonthly: STRIPE_PRICE_PRO_MONTHLY,
      proAnnual: STRIPE_PRICE_PRO_ANNUAL,
      template: STRIPE_PRICE_TEMPLATE,
    },
  },
  identity: { url: IDENTITY_URL },
  embeddedPayments: { secret: EMBEDDED_PAYMENTS_SECRET },
});

export const ZConfig = ZBillingEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

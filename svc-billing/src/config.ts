import { z } from 'zod';
import {
  ZAllowFlag,
  ZBaseConfig,
  blankIsUnset,
  loadConfig,
  refuseDevelopmentDefaults,
  urlList,
} from '@dealflow/service-kit';
import { DEFAULT_RETRY_DAYS } from './providers/billing-clock.js';
import { ZTemplateStoreEnv } from './templates/template-store.js';

const priceId = blankIsUnset(z.string().min(1));
/** The embedded provider's development secret (it signs the /pay hand-off and the portal links). */
const DEV_EMBEDDED_PAYMENTS_SECRET = 'embedded-payments-local-secret';
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
  /**
   * svc-identity for the auto-login hand-off and guest buyers (POST /internal/sessions, /internal/buyers):
   * one URL (a cluster's Service) or several comma-separated instances, spread as the gateway does.
   */
  IDENTITY_URL: urlList('http://127.0.0.1:4001'),
  /** With several IDENTITY_URL instances, how often each one's /readyz is asked (0: never). */
  UPSTREAM_HEALTH_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How often member counts and seats are reconciled with identity (0: never): a count whose membership
   * version is newer than billing's is applied, so a member event the broker lost is made good.
   */
  SEAT_RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || ms >= 1000, 'must be 0 (off) or at least 1000')
    .default(600_000),
  /** Secret of the embedded provider's self-signed webhook-equivalent hand-off (pages under /pay). */
  EMBEDDED_PAYMENTS_SECRET: z.string().min(16).default(DEV_EMBEDDED_PAYMENTS_SECRET),
  /**
   * '1': each new Stripe customer gets its own test clock, which the development control advances (test-mode
   * keys only; refused in production). The embedded provider always has its clock outside production.
   */
  STRIPE_TEST_CLOCKS: ZAllowFlag,
  /**
   * The embedded provider's retry schedule of a failed invoice: days after the first failed attempt, as
   * Stripe's custom retry schedule (revenue recovery); after the last one the subscription is canceled.
   */
  EMBEDDED_PAYMENTS_RETRY_DAYS: blankIsUnset(
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(,\d{1,3}){0,7}$/, 'comma-separated days, e.g. 3,5,7')
      .transform((value) => value.split(',').map(Number))
      .refine((days) => days.every((d, i) => d > 0 && (i === 0 || d > days[i - 1]!)), 'days must increase'),
  ).transform((days) => days ?? [...DEFAULT_RETRY_DAYS]),
  /** Production only: '1' accepts the embedded (test-card) provider on purpose; otherwise Stripe is required. */
  ALLOW_EMBEDDED_PAYMENTS: ZAllowFlag,
  /**
   * Ed25519 private key (PKCS#8 PEM) that signs the template licence keys (issue 20). Unset outside
   * production: a key made at start (keys issued before a restart no longer verify).
   */
  LICENCE_SIGNING_KEY: blankIsUnset(z.string().min(1)),
  ...ZTemplateStoreEnv.shape,
})
  .superRefine((env, ctx) => {
    if (
      env.STRIPE_TEST_CLOCKS &&
      (env.NODE_ENV === 'production' || !env.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_TEST_CLOCKS'],
        message: 'STRIPE_TEST_CLOCKS needs a test-mode key (sk_test_...) and is refused in production',
      });
  })
  .superRefine((env, ctx) => {
    if (!env.STRIPE_SECRET_KEY) return;
    const missing = STRIPE_REQUIRED.filter((name) => !env[name]);
    if (missing.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `${missing.join(', ')} required when STRIPE_SECRET_KEY is set`,
      });
  })
  .superRefine(
    refuseDevelopmentDefaults([
      {
        variable: 'STRIPE_SECRET_KEY',
        isDefault: (env) => !env.STRIPE_SECRET_KEY,
        why: 'the embedded payment provider takes the test card 4242, so anyone could "pay"',
        allowedBy: { flag: 'ALLOW_EMBEDDED_PAYMENTS', isSet: (env) => env.ALLOW_EMBEDDED_PAYMENTS },
      },
      {
        variable: 'EMBEDDED_PAYMENTS_SECRET',
        isDefault: (env) =>
          !env.STRIPE_SECRET_KEY && env.EMBEDDED_PAYMENTS_SECRET === DEV_EMBEDDED_PAYMENTS_SECRET,
        why: 'the public development secret signs the embedded checkout hand-off and the billing-portal links',
      },
      {
        variable: 'LICENCE_SIGNING_KEY',
        isDefault: (env) => !env.LICENCE_SIGNING_KEY,
        why: 'licence keys would be signed with a key made at start, so they stop verifying after a restart',
      },
    ]),
  );
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
  UPSTREAM_HEALTH_INTERVAL_MS,
  SEAT_RECONCILE_INTERVAL_MS,
  EMBEDDED_PAYMENTS_SECRET,
  EMBEDDED_PAYMENTS_RETRY_DAYS,
  STRIPE_TEST_CLOCKS,
  ALLOW_EMBEDDED_PAYMENTS: _allowEmbeddedPayments,
  LICENCE_SIGNING_KEY,
  TEMPLATE_STORE_DIR,
  TEMPLATE_S3_BUCKET,
  TEMPLATE_S3_PREFIX,
  TEMPLATE_S3_REGION,
  TEMPLATE_S3_ENDPOINT,
  TEMPLATE_S3_FORCE_PATH_STYLE,
  ...base
}: TBillingEnv) => ({
  ...base,
  /** The template licence: its signing key and the store of the template's archives (issue 20). */
  licence: {
    signingKeyPem: LICENCE_SIGNING_KEY,
    store: {
      TEMPLATE_STORE_DIR,
      TEMPLATE_S3_BUCKET,
      TEMPLATE_S3_PREFIX,
      TEMPLATE_S3_REGION,
      TEMPLATE_S3_ENDPOINT,
      TEMPLATE_S3_FORCE_PATH_STYLE,
    },
  },
  /** Unset secretKey: the embedded provider. When it is set, every other Stripe value is (checked above). */
  stripe: {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiHost: STRIPE_API_HOST,
    apiPort: STRIPE_API_PORT,
    apiProtocol: STRIPE_API_PROTOCOL,
    testClocks: STRIPE_TEST_CLOCKS,
    prices: {
      basicMonthly: STRIPE_PRICE_BASIC_MONTHLY,
      basicAnnual: STRIPE_PRICE_BASIC_ANNUAL,
      proMonthly: STRIPE_PRICE_PRO_MONTHLY,
      proAnnual: STRIPE_PRICE_PRO_ANNUAL,
      template: STRIPE_PRICE_TEMPLATE,
    },
  },
  identity: {
    urls: IDENTITY_URL,
    healthIntervalMs: UPSTREAM_HEALTH_INTERVAL_MS,
    reconcileIntervalMs: SEAT_RECONCILE_INTERVAL_MS,
  },
  embeddedPayments: { secret: EMBEDDED_PAYMENTS_SECRET, retryDays: EMBEDDED_PAYMENTS_RETRY_DAYS },
});

export const ZConfig = ZBillingEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);

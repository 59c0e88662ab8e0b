import { Topics, type TRole } from '@dealflow/contracts';
import { createTestEventBus, startServiceForTest, startTestBroker } from '@dealflow/service-kit/testing';
import { buildApp } from '../src/app.js';
import { loadServiceConfig } from '../src/config.js';
import { startIdentityStandIn } from '../test-support/identity-stand-in.js';
import { startStripeStandIn } from '../test-support/stripe-stand-in.js';

export const PUBLIC_URL = 'http://localhost:3000';
export const WEBHOOK_SECRET = 'whsec_test_billing_secret';
export const INTERNAL_TOKEN = 'test-internal-token';
export const PRICES = {
  basicMonthly: 'price_basic_monthly',
  basicAnnual: 'price_basic_annual',
  proMonthly: 'price_pro_monthly',
  proAnnual: 'price_pro_annual',
  template: 'price_template',
};
export const STRIPE_PRICES = [
  { id: PRICES.basicMonthly, unitAmount: 3000, interval: 'month' as const, name: 'Basic (monthly)' },
  { id: PRICES.basicAnnual, unitAmount: 30000, interval: 'year' as const, name: 'Basic (annual)' },
  { id: PRICES.proMonthly, unitAmount: 5000, interval: 'month' as const, name: 'Pro (monthly)' },
  { id: PRICES.proAnnual, unitAmount: 48000, interval: 'year' as const, name: 'Pro (annual)' },
  { id: PRICES.template, unitAmount: 5000, interval: null },
];

/** The environment of billing on the Stripe adapter, pointed at the stand-ins. */
export const billingEnv = (stripe: { host: string; port: number }, identityUrl: string) => ({
  INTERNAL_API_TOKEN: INTERNAL_TOKEN,
  IDENTITY_URL: identityUrl,
  PUBLIC_URL,
  STRIPE_SECRET_KEY: 'sk_test_billing',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_HOST: stripe.host,
  STRIPE_API_PORT: String(stripe.port),
  STRIPE_API_PROTOCOL: 'http',
  STRIPE_PRICE_BASIC_MONTHLY: PRICES.basicMonthly,
  STRIPE_PRICE_BASIC_ANNUAL: PRICES.basicAnnual,
  STRIPE_PRICE_PRO_MONTHLY: PRICES.proMonthly,
  STRIPE_PRICE_PRO_ANNUAL: PRICES.proAnnual,
  STRIPE_PRICE_TEMPLATE: PRICES.template,
});

/**
 * svc-billing through the kit's startServiceForTest, with the real `stripe` SDK pointed at the Stripe
 * stand-in and an identity stand-in for the auto-login hand-off. The broker is started here (not by the
 * kit) because one test stops and restarts it.
 */
export async function startBilling(env: Record<string, string> = {}) {
  const broker = await startTestBroker();
  const stripe = await startStripeStandIn({ prices: STRIPE_PRICES });
  const identity = await startIdentityStandIn(INTERNAL_TOKEN);
  const t = await startServiceForTest({
    name: 'billing',
    loadConfig: loadServiceConfig,
    build: (config) => buildApp(config),
    broker: false,
    env: { KAFKA_BROKERS: broker.brokers, ...billingEnv(stripe, identity.url), ...env },
  });
  await t.svc.startWorkers();
  const bus = await createTestEventBus(broker.brokers, 'billing');
  await bus.listen([
    Topics.subscriptionChanged,
    Topics.purchaseCompleted,
    Topics.trialEnding,
    Topics.paymentFailed,
  ]);
  const { svc } = t;

  const headersFor = (orgId: number | null, role: TRole = 'owner', userId = 1, emailVerified = true) =>
    t.headers({ userId, orgId, role, email: `user${userId}@fund.example`, emailVerified });

  /**
   * Headers of a session opened by a guest checkout's auto-login (claim `uv`): the address is not proven
   * yet, whatever `emailVerified` says (issue 20).
   */
  const unverifiedSessionHeaders = (orgId: number | null, userId = 1, emailVerified = true) => ({
    'x-identity-token': t.keys.sign({
      sub: String(userId),
      org: orgId,
      role: 'owner',
      email: `user${userId}@fund.example`,
      name: `User ${userId}`,
      sid: `sid-${userId}`,
      ev: emailVerified,
      uv: true,
    }),
  });

  const postWebhook = (
    event: object,
    options: { secret?: string; timestamp?: number; signature?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    return svc.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          options.signature ?? stripe.sign(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp),
      },
      payload,
    });
  };

  /** The `df_checkout=<key>` cookie each checkout set, by session id: the browser that started it. */
  const browserCookies = new Map<string, string>();
  const rememberBrowser = (response: { headers: Record<string, unknown>; body: string }) => {
    const sessionId = (JSON.parse(response.body) as { sessionId?: string }).sessionId;
    const cookie = [response.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('df_checkout='));
    if (sessionId && cookie) browserCookies.set(sessionId, cookie.split(';')[0]!);
    return sessionId;
  };

  /** Owner of org `orgId` starts a checkout for plan/cycle; returns the session id. */
  const startCheckout = async (orgId: number, plan = 'pro', billingCycle = 'annual', userId = 1) => {
    const response = await svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: headersFor(orgId, 'owner', userId),
      payload: { plan, billingCycle },
    });
    if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
    return rememberBrowser(response)!;
  };

  /**
   * POST /api/stripe/checkout with no plan (the $50 licence), as `headers` say (none: a guest, who gives
   * `email` first; issue 20).
   */
  const startPurchase = async (headers: Record<string, string> = {}, email?: string) => {
    const response = await svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers,
      ...(email === undefined ? {} : { payload: { email } }),
    });
    if (response.statusCode !== 200) throw new Error(`purchase failed: ${response.body}`);
    return rememberBrowser(response)!;
  };

  /**
   * A signed-out visitor's subscription checkout for plan/cycle with the email they gave first (no headers: a
   * guest); returns the session id.
   */
  const startGuestSubscription = async (email: string, plan = 'pro', billingCycle = 'annual') => {
    const response = await svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      payload: { plan, billingCycle, email },
    });
    if (response.statusCode !== 200) throw new Error(`guest subscription failed: ${response.body}`);
    return rememberBrowser(response)!;
  };

  /** Auto-login from the browser that started the checkout (or with `cookie`: another one, or none). */
  const autoLogin = (sessionId: string, options: { cookie?: string | null; path?: string } = {}) => {
    const cookie = options.cookie === undefined ? browserCookies.get(sessionId) : options.cookie;
    return svc.app.inject({
      method: 'POST',
      url: options.path ?? '/api/stripe/auto-login',
      headers: cookie ? { cookie } : {},
      payload: { sessionId },
    });
  };

  /** A complete subscription: checkout, Stripe finishes it, the webhook arrives. */
  const subscribe = async (orgId: number, plan = 'pro', billingCycle = 'annual') => {
    const sessionId = await startCheckout(orgId, plan, billingCycle);
    const session = stripe.completeCheckout(sessionId);
    const response = await postWebhook(stripe.event('checkout.session.completed', session));
    if (response.statusCode !== 200) throw new Error(`webhook failed: ${response.body}`);
    return { sessionId, subscriptionId: String(session.subscription) };
  };

  return {
    svc,
    bus,
    broker,
    stripe,
    identity,
    config: t.config,
    query: t.query,
    headersFor,
    unverifiedSessionHeaders,
    postWebhook,
    startCheckout,
    startPurchase,
    startGuestSubscription,
    autoLogin,
    browserCookies,
    subscribe,
    async stop() {
      await bus.stop();
      await t.stop();
      await broker.stop();
      await stripe.stop();
      await identity.stop();
    },
  };
}

export type BillingHarness = Awaited<ReturnType<typeof startBilling>>;

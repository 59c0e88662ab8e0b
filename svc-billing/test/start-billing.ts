import { createTestDatabase, createTestIdentityKeys, startTestBroker } from '@dealflow/service-kit/testing';
import { Topics, type TRole } from '@dealflow/contracts';
import { buildApp } from '../src/app.js';
import { loadServiceConfig } from '../src/config.js';
import { createTestEventBus } from '../test-support/event-bus.js';
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

/**
 * svc-billing as it runs, on the Stripe adapter: its own database with the real migrations, a broker of
 * its own, consumers and outbox relay started, the real `stripe` SDK pointed at the local stand-in, an
 * identity stand-in for the auto-login hand-off, and a bus playing identity and ingest.
 */
export async function startBilling(env: Record<string, string> = {}) {
  const db = await createTestDatabase('billing');
  const broker = await startTestBroker();
  const keys = createTestIdentityKeys();
  const stripe = await startStripeStandIn({
    prices: [
      { id: PRICES.basicMonthly, unitAmount: 3000, interval: 'month' },
      { id: PRICES.basicAnnual, unitAmount: 30000, interval: 'year' },
      { id: PRICES.proMonthly, unitAmount: 5000, interval: 'month' },
      { id: PRICES.proAnnual, unitAmount: 48000, interval: 'year' },
      { id: PRICES.template, unitAmount: 5000, interval: null },
    ],
  });
  const identity = await startIdentityStandIn(INTERNAL_TOKEN);
  const config = loadServiceConfig({
    DATABASE_URL: db.url,
    KAFKA_BROKERS: broker.brokers,
    IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    IDENTITY_URL: identity.url,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '50',
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
    ...env,
  });
  const svc = await buildApp(config);
  await svc.startWorkers();
  const bus = await createTestEventBus(broker.brokers);
  await bus.listen([Topics.subscriptionChanged, Topics.purchaseCompleted]);

  const headersFor = (orgId: number | null, role: TRole = 'owner', userId = 1) => ({
    'x-identity-token': keys.sign({
      sub: String(userId),
      org: orgId,
      role,
      email: `user${userId}@fund.example`,
      name: `User ${userId}`,
      sid: 'sid',
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

  /** Owner of org `orgId` starts a checkout for plan/cycle; returns the session id. */
  const startCheckout = async (orgId: number, plan = 'pro', billingCycle = 'annual', userId = 1) => {
    const response = await svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: headersFor(orgId, 'owner', userId),
      payload: { plan, billingCycle },
    });
    if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
    return (response.json() as { sessionId: string }).sessionId;
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
    db,
    stripe,
    identity,
    config,
    headersFor,
    postWebhook,
    startCheckout,
    subscribe,
    async stop() {
      await bus.stop();
      await svc.stop();
      await broker.stop();
      await stripe.stop();
      await identity.stop();
      await db.drop();
    },
  };
}

export type BillingHarness = Awaited<ReturnType<typeof startBilling>>;

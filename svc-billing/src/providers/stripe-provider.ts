import Stripe from 'stripe';
import type { TSubscriptionStatus } from '@dealflow/contracts';
import type {
  PaymentProvider,
  TCheckoutInput,
  TPaymentEvent,
  TProviderCheckoutSession,
  TProviderInvoice,
  TProviderSubscription,
  TSubscriptionChange,
} from './payment-provider.js';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface TStripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Each new customer gets its own Stripe test clock (test mode, development and tests only). */
  testClocks?: boolean;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

export const mapCheckoutSession = (session: Stripe.Checkout.Session): TProviderCheckoutSession => ({
  id: session.id,
  mode: session.mode === 'subscription' ? 'subscription' : 'payment',
  status: (session.status ?? 'open') as TProviderCheckoutSession['status'],
  paymentStatus: session.payment_status as TProviderCheckoutSession['paymentStatus'],
  customerId: idOf(session.customer),
  subscriptionId: idOf(session.subscription),
  metadata: { ...(session.metadata ?? {}) },
  amountTotal: session.amount_total ?? null,
  currency: session.currency ?? null,
  url: session.url ?? null,
  customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
  customerName: session.customer_details?.name ?? null,
});

export const mapSubscription = (subscription: Stripe.Subscription): TProviderSubscription => {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status as TSubscriptionStatus,
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    quantity: item?.quantity ?? 1,
    trialEnd: toDate(subscription.trial_end),
    currentPeriodEnd: toDate(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    hasPaymentMethod: subscription.default_payment_method != null,
    metadata: { ...(subscription.metadata ?? {}) },
  };
};

/** Subscription id of an invoice, wherever the API version puts it. */
const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null => {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  if (fromParent) return idOf(fromParent);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy);
};

const INVOICE_STATUSES = new Set(['draft', 'open', 'paid', 'void', 'uncollectible']);

/**
 * Stripe's Invoice reduced. Read defensively: an event's copy may be partial (a test's minimal object, or a
 * field an API version dropped), and a reduction error must not be mistaken for a bad signature.
 */
export const mapInvoice = (invoice: Stripe.Invoice): TProviderInvoice => ({
  id: invoice.id ?? '',
  number: invoice.number ?? null,
  customerId: idOf(invoice.customer) ?? '',
  subscriptionId: invoiceSubscriptionId(invoice),
  status: (INVOICE_STATUSES.has(invoice.status ?? '')
    ? invoice.status
    : 'draft') as TProviderInvoice['status'],
  billingReason: invoice.billing_reason ?? null,
  currency: invoice.currency ?? 'usd',
  total: invoice.total ?? 0,
  amountPaid: invoice.amount_paid ?? 0,
  amountDue: invoice.amount_due ?? invoice.total ?? 0,
  created: new Date((invoice.created ?? 0) * 1000),
  paidAt: toDate(invoice.status_transitions?.paid_at),
  periodStart: toDate(invoice.period_start),
  periodEnd: toDate(invoice.period_end),
  customerEmail: invoice.customer_email ?? null,
  customerName: invoice.customer_name ?? null,
  attemptCount: invoice.attempt_count ?? 0,
  nextPaymentAttempt: toDate(invoice.next_payment_attempt),
  lines: (invoice.lines?.data ?? []).map((line) => ({
    description: line.description ?? '',
    amount: line.amount,
    quantity: line.quantity ?? null,
    proration:
      line.parent?.subscription_item_details?.proration ??
      line.parent?.invoice_item_details?.proration ??
      false,
    periodStart: toDate(line.period?.start),
    periodEnd: toDate(line.period?.end),
  })),
});

export const reduceStripeEvent = (event: Stripe.Event): TPaymentEvent => {
  const reduced: TPaymentEvent = {
    id: event.id,
    type: event.type,
    checkoutSession: null,
    subscriptionId: null,
    invoice: null,
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      reduced.checkoutSession = mapCheckoutSession(event.data.object);
      reduced.subscriptionId = reduced.checkoutSession.subscriptionId;
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      reduced.subscriptionId = event.data.object.id;
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      reduced.subscriptionId = invoiceSubscriptionId(event.data.object);
      reduced.invoice = mapInvoice(event.data.object);
      break;
    default:
      break;
  }
  return reduced;
};

const isNotFound = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

export const createStripeProvider = (
  options: TStripeProviderOptions,
): PaymentProvider & { stripe: Stripe } => {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });

  return {
    kind: 'stripe',
    stripe,
    async createCustomer({ orgId, email, name }, idempotencyKey) {
      // A test clock per customer (https://docs.stripe.com/billing/testing/test-clocks): its subscriptions
      // live on the clock's time, which the development control moves forward.
      const clock = options.testClocks
        ? await stripe.testHelpers.testClocks.create(
            { frozen_time: Math.floor(Date.now() / 1000), name: `org-${orgId}` },
            { idempotencyKey: `clock-${idempotencyKey}` },
          )
        : null;
      const customer = await stripe.customers.create(
        { email, name, metadata: { orgId: String(orgId) }, ...(clock ? { test_clock: clock.id } : {}) },
        { idempotencyKey },
      );
      return customer.id;
    },
    async listInvoices(customerId) {
      const page = await stripe.invoices.list({ customer: customerId, limit: 100 });
      return page.data.map(mapInvoice);
    },
    async retrieveInvoice(id) {
      try {
        return mapInvoice(await stripe.invoices.retrieve(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async previewNextInvoice(subscriptionId) {
      try {
        const preview = await stripe.invoices.createPreview({ subscription: subscriptionId });
        const at = preview.next_payment_attempt ?? preview.period_end ?? preview.created;
        return { date: new Date(at * 1000), total: preview.total, currency: preview.currency };
      } catch (error) {
        // Stripe answers 404 (invoice_upcoming_none) when nothing is due: a canceled or ending subscription.
        if (
          error instanceof Stripe.errors.StripeError &&
          (error.statusCode === 404 || error.statusCode === 400)
        )
          return null;
        throw error;
      }
    },
    async advanceClock(customerId, seconds) {
      const customer = await stripe.customers.retrieve(customerId);
      const clockId = customer.deleted ? null : idOf(customer.test_clock);
      if (!clockId) throw new Error(`Customer ${customerId} has no test clock`);
      const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
      const advanced = await stripe.testHelpers.testClocks.advance(clockId, {
        frozen_time: clock.frozen_time + Math.max(0, Math.floor(seconds)),
      });
      // Stripe advances in the background and sends what falls due as webhooks.
      return { now: new Date(advanced.frozen_time * 1000), events: [] };
    },
    async createCheckoutSession(input: TCheckoutInput, idempotencyKey) {
      const params: Stripe.Checkout.SessionCreateParams =
        input.mode === 'subscription'
          ? {
              mode: 'subscription',
              // A guest (no customer): Stripe's checkout shows the address given first, read-only
              // (customer_email), and creates the customer with it (issue 20).
              ...(input.customerId
                ? { customer: input.customerId }
                : input.customerEmail
                  ? { customer_email: input.customerEmail }
                  : {}),
              line_items: [{ price: input.priceId, quantity: input.quantity }],
              subscription_data: { trial_period_days: input.trialDays, metadata: input.metadata },
              payment_method_collection: 'always',
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              ...(input.metadata.orgId ? { client_reference_id: input.metadata.orgId } : {}),
              metadata: input.metadata,
            }
          : {
              mode: 'payment',
              // A guest has no customer: the address given first is locked on Stripe's page (customer_email).
              ...(input.customerId
                ? { customer: input.customerId }
                : input.customerEmail
                  ? { customer_email: input.customerEmail }
                  : {}),
              line_items: [{ price: input.priceId, quantity: 1 }],
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              ...(input.metadata.userId ? { client_reference_id: input.metadata.userId } : {}),
              metadata: input.metadata,
            };
      return mapCheckoutSession(await stripe.checkout.sessions.create(params, { idempotencyKey }));
    },
    async retrieveCheckoutSession(id) {
      try {
        return mapCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async retrieveSubscription(id) {
      try {
        return mapSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async updateSubscription(id, change: TSubscriptionChange, idempotencyKey) {
      const current = await stripe.subscriptions.retrieve(id);
      const item = current.items.data[0];
      const params: Stripe.SubscriptionUpdateParams = { proration_behavior: 'create_prorations' };
      if (change.quantity !== undefined || change.priceId !== undefined) {
        params.items = [
          {
            ...(item ? { id: item.id } : {}),
            ...(change.priceId !== undefined ? { price: change.priceId } : {}),
            ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
          },
        ];
      }
      if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
      return mapSubscription(await stripe.subscriptions.update(id, params, { idempotencyKey }));
    },
    async cancelSubscriptionNow(id, idempotencyKey) {
      try {
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    parseWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      return reduceStripeEvent(event);
    },
  };
};

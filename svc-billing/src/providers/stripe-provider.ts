import Stripe from 'stripe';
import type { TSubscriptionStatus } from '@dealflow/contracts';
import type {
  PaymentProvider,
  TCheckoutInput,
  TPaymentEvent,
  TProviderCheckoutSession,
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

export const reduceStripeEvent = (event: Stripe.Event): TPaymentEvent => {
  const reduced: TPaymentEvent = {
    id: event.id,
    type: event.type,
    checkoutSession: null,
    subscriptionId: null,
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
      const customer = await stripe.customers.create(
        { email, name, metadata: { orgId: String(orgId) } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async createCheckoutSession(input: TCheckoutInput, idempotencyKey) {
      const params: Stripe.Checkout.SessionCreateParams =
        input.mode === 'subscription'
          ? {
              mode: 'subscription',
              customer: input.customerId,
              line_items: [{ price: input.priceId, quantity: input.quantity }],
              subscription_data: { trial_period_days: input.trialDays, metadata: input.metadata },
              payment_method_collection: 'always',
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              client_reference_id: input.metadata.orgId,
              metadata: input.metadata,
            }
          : {
              mode: 'payment',
              ...(input.customerId
                ? { customer: input.customerId }
                : { customer_email: input.customerEmail }),
              line_items: [{ price: input.priceId, quantity: 1 }],
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              client_reference_id: input.metadata.userId,
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

import { createHmac, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { TSubscriptionStatus } from '@dealflow/contracts';
import type { LocalCheckoutSession, LocalSubscription } from '../entities/embedded-payments.js';
import {
  ensureLocalCheckoutSession,
  findLocalCheckoutSession,
  markLocalCheckoutComplete,
} from '../repositories/local-checkout-session.repository.js';
import { ensureLocalCustomer } from '../repositories/local-customer.repository.js';
import {
  findLocalSubscription,
  insertLocalSubscription,
  updateLocalSubscription,
} from '../repositories/local-subscription.repository.js';
import { TEMPLATE_AMOUNT_CENTS, unitAmountCents, type TPriceBook } from '../plans.js';
import { safeEqual } from '@dealflow/service-kit';
import type {
  PaymentProvider,
  TCheckoutInput,
  TPaymentEvent,
  TProviderCheckoutSession,
  TProviderSubscription,
} from './payment-provider.js';

const DAY_MS = 86_400_000;
const PORTAL_LINK_TTL_MS = 60 * 60 * 1000;

/** Stripe's documented test cards (https://docs.stripe.com/testing): the ones the local checkout knows. */
export const TEST_CARDS: Record<string, { outcome: 'succeeded' | 'declined'; message?: string }> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000056655665556': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  '378282246310005': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'declined', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'declined', message: "Your card's security code is incorrect." },
};

const newId = (prefix: string) => `${prefix}_local_${randomBytes(16).toString('hex')}`;

const sessionView = (row: LocalCheckoutSession, publicUrl: string): TProviderCheckoutSession => ({
  id: row.id,
  mode: row.mode,
  status: row.status,
  paymentStatus: row.paymentStatus,
  customerId: row.customerId,
  subscriptionId: row.subscriptionId,
  metadata: row.metadata ?? {},
  amountTotal: row.amountTotal,
  currency: row.currency,
  url: row.status === 'open' ? `${publicUrl}/pay/checkout/${row.id}` : null,
});

const subscriptionView = (row: LocalSubscription): TProviderSubscription => ({
  id: row.id,
  customerId: row.customerId,
  status: row.status as TSubscriptionStatus,
  itemId: row.itemId,
  priceId: row.priceId,
  quantity: row.quantity,
  trialEnd: row.trialEnd,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  hasPaymentMethod: row.cardLast4 != null,
  metadata: row.metadata ?? {},
});

export type TEmbeddedCheckoutOutcome =
  { ok: true; session: TProviderCheckoutSession; event: TPaymentEvent } | { ok: false; message: string };

export type EmbeddedProvider = PaymentProvider & {
  kind: 'embedded';
  /** The card form was submitted: charge (or start the trial), then emit the same event Stripe would. */
  completeCheckout(sessionId: string, card: { number: string }): Promise<TEmbeddedCheckoutOutcome>;
  /** A change made on the local portal page, reduced to the event Stripe would send. */
  subscriptionUpdatedEvent(subscriptionId: string): TPaymentEvent;
  verifyPortalToken(token: string): string | null;
  priceBook: TPriceBook;
};

/**
 * A local payment provider with Stripe's object model, kept in billing's own database (so replicas agree).
 * Used when STRIPE_SECRET_KEY is not set; its pages live under /pay/* (routes/pay.ts).
 */
export const createEmbeddedProvider = (options: {
  orm: MikroORM;
  priceBook: TPriceBook;
  publicUrl: string;
  secret: string;
}): EmbeddedProvider => {
  const em = () => options.orm.em.fork();
  const sign = (value: string) => createHmac('sha256', options.secret).update(value).digest('base64url');

  const retrieveSubscription = async (id: string) => {
    const row = await findLocalSubscription(em(), id);
    return row ? subscriptionView(row) : null;
  };

  return {
    kind: 'embedded',
    priceBook: options.priceBook,
    async createCustomer({ orgId, email, name }, idempotencyKey) {
      return ensureLocalCustomer(em(), { id: newId('cus'), orgId, email, name, idempotencyKey });
    },
    async createCheckoutSession(input: TCheckoutInput, idempotencyKey) {
      const amount =
        input.mode === 'subscription'
          ? (() => {
              const price = options.priceBook.findPrice(input.priceId);
              return price ? unitAmountCents(price.plan, price.billingCycle) * input.quantity : 0;
            })()
          : TEMPLATE_AMOUNT_CENTS;
      const id = newId('cs');
      const stored = await ensureLocalCheckoutSession(em(), {
        id,
        mode: input.mode,
        customerId: input.customerId,
        customerEmail: input.mode === 'payment' ? input.customerEmail : null,
        priceId: input.priceId,
        quantity: input.mode === 'subscription' ? input.quantity : 1,
        trialDays: input.mode === 'subscription' ? input.trialDays : 0,
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        amountTotal: amount,
        idempotencyKey,
      });
      return sessionView(stored, options.publicUrl);
    },
    async retrieveCheckoutSession(id) {
      const row = await findLocalCheckoutSession(em(), id);
      return row ? sessionView(row, options.publicUrl) : null;
    },
    retrieveSubscription,
    async updateSubscription(id, change) {
      await updateLocalSubscription(em(), id, {
        ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
        ...(change.priceId !== undefined ? { priceId: change.priceId } : {}),
        ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
      });
      const updated = await retrieveSubscription(id);
      if (!updated) throw new Error(`No such subscription: ${id}`);
      return updated;
    },
    async cancelSubscriptionNow(id) {
      await updateLocalSubscription(em(), id, { status: 'canceled' });
    },
    async createPortalSession(customerId) {
      const expires = Date.now() + PORTAL_LINK_TTL_MS;
      const payload = `${customerId}.${expires}`;
      return { url: `${options.publicUrl}/pay/portal/${payload}.${sign(payload)}` };
    },
    verifyPortalToken(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [customerId, expires, signature] = parts as [string, string, string];
      if (!safeEqual(signature, sign(`${customerId}.${expires}`))) return null;
      if (Number(expires) < Date.now()) return null;
      return customerId;
    },
    parseWebhook() {
      throw new Error('The embedded provider sends no webhooks: its pages call the handlers directly');
    },
    subscriptionUpdatedEvent(subscriptionId) {
      return {
        id: newId('evt'),
        type: 'customer.subscription.updated',
        checkoutSession: null,
        subscriptionId,
      };
    },
    async completeCheckout(sessionId, card) {
      const number = card.number.replace(/[\s-]/g, '');
      const known = TEST_CARDS[number];
      if (!known)
        return { ok: false, message: 'Use one of the test card numbers, e.g. 4242 4242 4242 4242.' };
      if (known.outcome === 'declined')
        return { ok: false, message: known.message ?? 'Your card was declined.' };
      return options.orm.em.fork().transactional(async (tx) => {
        const row = await findLocalCheckoutSession(tx, sessionId, { lock: true });
        if (!row) return { ok: false as const, message: 'This checkout session does not exist.' };
        if (row.status !== 'open')
          return { ok: false as const, message: 'This checkout session is no longer open.' };
        let subscriptionId: string | null = null;
        let paymentStatus: LocalCheckoutSession['paymentStatus'] = 'paid';
        if (row.mode === 'subscription') {
          subscriptionId = newId('sub');
          const trialEnd = row.trialDays > 0 ? new Date(Date.now() + row.trialDays * DAY_MS) : null;
          const price = options.priceBook.findPrice(row.priceId);
          const periodEnd =
            trialEnd ?? new Date(Date.now() + (price?.billingCycle === 'annual' ? 365 : 30) * DAY_MS);
          await insertLocalSubscription(tx, {
            id: subscriptionId,
            customerId: row.customerId ?? '',
            status: trialEnd ? 'trialing' : 'active',
            itemId: newId('si'),
            priceId: row.priceId,
            quantity: row.quantity,
            trialEnd,
            currentPeriodEnd: periodEnd,
            cancelAtPeriodEnd: false,
            cardLast4: number.slice(-4),
            metadata: row.metadata ?? {},
          });
          if (trialEnd) paymentStatus = 'no_payment_required';
        }
        await markLocalCheckoutComplete(tx, sessionId, paymentStatus, subscriptionId);
        const session = sessionView(
          { ...row, status: 'complete', paymentStatus, subscriptionId },
          options.publicUrl,
        );
        return {
          ok: true as const,
          session,
          event: {
            id: newId('evt'),
            type: 'checkout.session.completed',
            checkoutSession: session,
            subscriptionId,
          },
        };
      });
    },
  };
};

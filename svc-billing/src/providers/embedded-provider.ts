import { createHmac, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { TSubscriptionStatus } from '@dealflow/contracts';
import { execute, queryRow, toDate } from '../repositories/sql.js';
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

const sessionFromRow = (row: Record<string, unknown>, publicUrl: string): TProviderCheckoutSession => ({
  id: String(row.id),
  mode: row.mode as TProviderCheckoutSession['mode'],
  status: row.status as TProviderCheckoutSession['status'],
  paymentStatus: row.payment_status as TProviderCheckoutSession['paymentStatus'],
  customerId: (row.customer_id as string | null) ?? null,
  subscriptionId: (row.subscription_id as string | null) ?? null,
  metadata: (row.metadata as Record<string, string>) ?? {},
  amountTotal: row.amount_total == null ? null : Number(row.amount_total),
  currency: String(row.currency),
  url: row.status === 'open' ? `${publicUrl}/pay/checkout/${String(row.id)}` : null,
});

const subscriptionFromRow = (row: Record<string, unknown>): TProviderSubscription => ({
  id: String(row.id),
  customerId: String(row.customer_id),
  status: row.status as TSubscriptionStatus,
  itemId: String(row.item_id),
  priceId: String(row.price_id),
  quantity: Number(row.quantity),
  trialEnd: toDate(row.trial_end),
  currentPeriodEnd: toDate(row.current_period_end),
  cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
  hasPaymentMethod: row.card_last4 != null,
  metadata: (row.metadata as Record<string, string>) ?? {},
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
    const row = await queryRow(em(), `select * from local_subscriptions where id = ?`, [id]);
    return row ? subscriptionFromRow(row) : null;
  };

  return {
    kind: 'embedded',
    priceBook: options.priceBook,
    async createCustomer({ orgId, email, name }, idempotencyKey) {
      const fork = em();
      await execute(
        fork,
        `insert into local_customers (id, org_id, email, name, idempotency_key) values (?, ?, ?, ?, ?)
         on conflict (idempotency_key) do nothing`,
        [newId('cus'), orgId, email, name, idempotencyKey],
      );
      const row = await queryRow(fork, `select id from local_customers where idempotency_key = ?`, [
        idempotencyKey,
      ]);
      return String(row!.id);
    },
    async createCheckoutSession(input: TCheckoutInput, idempotencyKey) {
      const fork = em();
      const amount =
        input.mode === 'subscription'
          ? (() => {
              const price = options.priceBook.findPrice(input.priceId);
              return price ? unitAmountCents(price.plan, price.billingCycle) * input.quantity : 0;
            })()
          : TEMPLATE_AMOUNT_CENTS;
      const id = newId('cs');
      await execute(
        fork,
        `insert into local_checkout_sessions (id, mode, customer_id, customer_email, price_id, quantity, trial_days,
           success_url, cancel_url, metadata, amount_total, idempotency_key)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) on conflict (idempotency_key) do nothing`,
        [
          id,
          input.mode,
          input.customerId,
          input.mode === 'payment' ? input.customerEmail : null,
          input.priceId,
          input.mode === 'subscription' ? input.quantity : 1,
          input.mode === 'subscription' ? input.trialDays : 0,
          input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
          input.cancelUrl,
          JSON.stringify(input.metadata),
          amount,
          idempotencyKey,
        ],
      );
      const row = await queryRow(fork, `select * from local_checkout_sessions where idempotency_key = ?`, [
        idempotencyKey,
      ]);
      return sessionFromRow(row!, options.publicUrl);
    },
    async retrieveCheckoutSession(id) {
      const row = await queryRow(em(), `select * from local_checkout_sessions where id = ?`, [id]);
      return row ? sessionFromRow(row, options.publicUrl) : null;
    },
    retrieveSubscription,
    async updateSubscription(id, change) {
      const fork = em();
      const sets: string[] = [];
      const params: unknown[] = [];
      if (change.quantity !== undefined) {
        sets.push('quantity = ?');
        params.push(change.quantity);
      }
      if (change.priceId !== undefined) {
        sets.push('price_id = ?');
        params.push(change.priceId);
      }
      if (change.cancelAtPeriodEnd !== undefined) {
        sets.push('cancel_at_period_end = ?');
        params.push(change.cancelAtPeriodEnd);
      }
      if (sets.length > 0)
        await execute(fork, `update local_subscriptions set ${sets.join(', ')} where id = ?`, [
          ...params,
          id,
        ]);
      const updated = await retrieveSubscription(id);
      if (!updated) throw new Error(`No such subscription: ${id}`);
      return updated;
    },
    async cancelSubscriptionNow(id) {
      await execute(em(), `update local_subscriptions set status = 'canceled' where id = ?`, [id]);
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
        const row = await queryRow(tx, `select * from local_checkout_sessions where id = ? for update`, [
          sessionId,
        ]);
        if (!row) return { ok: false as const, message: 'This checkout session does not exist.' };
        if (row.status !== 'open')
          return { ok: false as const, message: 'This checkout session is no longer open.' };
        let subscriptionId: string | null = null;
        let paymentStatus = 'paid';
        if (row.mode === 'subscription') {
          subscriptionId = newId('sub');
          const trialDays = Number(row.trial_days);
          const trialEnd = trialDays > 0 ? new Date(Date.now() + trialDays * DAY_MS) : null;
          const price = options.priceBook.findPrice(String(row.price_id));
          const periodEnd =
            trialEnd ?? new Date(Date.now() + (price?.billingCycle === 'annual' ? 365 : 30) * DAY_MS);
          await execute(
            tx,
            `insert into local_subscriptions (id, customer_id, status, item_id, price_id, quantity, trial_end,
               current_period_end, card_last4, metadata) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
            [
              subscriptionId,
              row.customer_id,
              trialEnd ? 'trialing' : 'active',
              newId('si'),
              row.price_id,
              row.quantity,
              trialEnd,
              periodEnd,
              number.slice(-4),
              JSON.stringify(row.metadata ?? {}),
            ],
          );
          if (trialEnd) paymentStatus = 'no_payment_required';
        }
        await execute(
          tx,
          `update local_checkout_sessions set status = 'complete', payment_status = ?, subscription_id = ?
           where id = ?`,
          [paymentStatus, subscriptionId, sessionId],
        );
        const completed = (await queryRow(tx, `select * from local_checkout_sessions where id = ?`, [
          sessionId,
        ]))!;
        const session = sessionFromRow(completed, options.publicUrl);
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

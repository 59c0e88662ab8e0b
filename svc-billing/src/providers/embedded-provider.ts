import { createHmac, randomBytes } from 'node:crypto';
import { LockMode, type MikroORM } from '@mikro-orm/core';
import type { TSubscriptionStatus } from '@dealflow/contracts';
import { formatMoney } from '@dealflow/contracts/money';
import type { EntityManager } from '@mikro-orm/core';
import {
  LocalSubscriptionSchema,
  type LocalCheckoutSession,
  type LocalInvoice,
  type LocalSubscription,
} from '../entities/embedded-payments.js';
import {
  countLocalInvoicesOfCustomer,
  findLocalInvoice,
  findLocalInvoicesOfCustomer,
  findOpenLocalInvoiceOfSubscription,
  insertLocalInvoice,
  updateLocalInvoice,
} from '../repositories/local-invoice.repository.js';
import {
  ensureLocalCheckoutSession,
  findLocalCheckoutSession,
  markLocalCheckoutComplete,
} from '../repositories/local-checkout-session.repository.js';
import {
  ensureLocalCustomer,
  findLocalCustomer,
  setLocalCustomerClock,
} from '../repositories/local-customer.repository.js';
import {
  findLiveLocalSubscriptionsForUpdate,
  findLocalSubscriptionsOfCustomer,
  findLocalSubscription,
  insertLocalSubscription,
  updateLocalSubscription,
} from '../repositories/local-subscription.repository.js';
import { TEMPLATE_AMOUNT_CENTS, clockPrice, unitAmountCents, type TPriceBook } from '../plans.js';
import {
  DEFAULT_RETRY_DAYS,
  TEST_CARDS,
  addInterval,
  changeSubscription,
  runClock,
  type TClockDunning,
  type TClockInvoice,
  type TClockPrice,
  type TClockSubscription,
} from './billing-clock.js';
import { safeEqual } from '@dealflow/service-kit';
import type {
  PaymentProvider,
  TCheckoutInput,
  TPaymentEvent,
  TProviderCheckoutSession,
  TProviderInvoice,
  TProviderSubscription,
} from './payment-provider.js';

export { TEST_CARDS } from './billing-clock.js';

const DAY_SECONDS = 86_400;
const PORTAL_LINK_TTL_MS = 60 * 60 * 1000;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/;
const normalizeEmail = (value: string | undefined) => {
  const email = value?.trim().toLowerCase() ?? '';
  return email.length <= 254 && EMAIL.test(email) ? email : null;
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
  customerEmail: row.customerEmail,
  customerName: row.customerName,
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

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

const invoiceView = (
  row: LocalInvoice,
  customer: { email: string; name: string } | null,
): TProviderInvoice => ({
  id: row.id,
  number: row.number,
  customerId: row.customerId,
  subscriptionId: row.subscriptionId,
  status: row.status,
  billingReason: row.billingReason,
  currency: row.currency,
  total: row.total,
  amountPaid: row.amountPaid,
  amountDue: row.total,
  created: new Date(row.created),
  paidAt: row.paidAt ? new Date(row.paidAt) : null,
  periodStart: new Date(row.periodStart),
  periodEnd: new Date(row.periodEnd),
  customerEmail: customer?.email ?? null,
  customerName: customer?.name ?? null,
  attemptCount: row.attemptCount ?? 0,
  nextPaymentAttempt: row.nextPaymentAttempt ? new Date(row.nextPaymentAttempt) : null,
  lines: row.lines.map((line) => ({
    description: line.description,
    amount: line.amount,
    quantity: line.quantity,
    proration: line.proration,
    periodStart: fromSeconds(line.periodStart),
    periodEnd: fromSeconds(line.periodEnd),
  })),
});

export type TEmbeddedCheckoutOutcome =
  { ok: true; session: TProviderCheckoutSession; event: TPaymentEvent } | { ok: false; message: string };

export type EmbeddedProvider = PaymentProvider & {
  kind: 'embedded';
  /** The card form was submitted: charge (or start the trial), then emit the same event Stripe would. */
  completeCheckout(
    sessionId: string,
    card: { number: string; email?: string | undefined; name?: string | undefined },
  ): Promise<TEmbeddedCheckoutOutcome>;
  /** A change made on the local portal page, reduced to the event Stripe would send. */
  subscriptionUpdatedEvent(subscriptionId: string): TPaymentEvent;
  verifyPortalToken(token: string): string | null;
  /** The customer's test-clock time (the real time for an unknown customer). */
  clockNow(customerId: string | undefined): Promise<Date>;
  /**
   * The customer saves another card (the portal's "Update card"): every live subscription charges it from
   * now on, the next retry of an open invoice included. A card Stripe would decline is refused.
   */
  updateCard(customerId: string, number: string): Promise<{ ok: true } | { ok: false; message: string }>;
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
  /** Days after a failed charge's first attempt on which it is retried (Stripe's custom retry schedule). */
  retryDays?: readonly number[];
}): EmbeddedProvider => {
  const retryDays = options.retryDays ?? DEFAULT_RETRY_DAYS;
  const em = () => options.orm.em.fork();
  const sign = (value: string) => createHmac('sha256', options.secret).update(value).digest('base64url');

  const retrieveSubscription = async (id: string) => {
    const row = await findLocalSubscription(em(), id);
    return row ? subscriptionView(row) : null;
  };

  /** The customer's clock (real time plus how far its test clock was advanced), in seconds. */
  const clockNow = async (tx: EntityManager, customerId: string) => {
    const customer = customerId ? await findLocalCustomer(tx, customerId) : null;
    return Math.floor(Date.now() / 1000) + (customer?.clockOffsetSeconds ?? 0);
  };

  const priceOf = (priceId: string): TClockPrice =>
    clockPrice(options.priceBook, priceId) ?? {
      id: priceId,
      name: priceId,
      unitAmount: 0,
      interval: 'month',
    };

  /** The open invoice a past-due subscription retries, as the clock sees it. */
  const dunningOf = async (tx: EntityManager, row: LocalSubscription): Promise<TClockDunning | null> => {
    if (row.status !== 'past_due') return null;
    const open = await findOpenLocalInvoiceOfSubscription(tx, row.id);
    return open
      ? {
          firstAttemptAt: toSeconds(new Date(open.created)),
          attemptCount: open.attemptCount,
          nextPaymentAttempt: open.nextPaymentAttempt ? toSeconds(new Date(open.nextPaymentAttempt)) : null,
          total: open.total,
        }
      : null;
  };

  const toClock = (row: LocalSubscription, dunning: TClockDunning | null = null): TClockSubscription => ({
    status: row.status,
    price: priceOf(row.priceId),
    quantity: row.quantity,
    trialEnd: row.trialEnd ? toSeconds(row.trialEnd) : null,
    periodStart: toSeconds(row.currentPeriodStart ?? row.createdAt),
    periodEnd: toSeconds(row.currentPeriodEnd ?? row.createdAt),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialWillEndSent: row.trialWillEndSent,
    pendingLines: row.pendingLines ?? [],
    cardFailsOnCharge: row.cardFailsOnCharge,
    dunning,
  });

  const fromClock = (sub: TClockSubscription): Partial<LocalSubscription> => ({
    status: sub.status,
    priceId: sub.price.id,
    quantity: sub.quantity,
    currentPeriodStart: fromSeconds(sub.periodStart),
    currentPeriodEnd: fromSeconds(sub.periodEnd),
    trialWillEndSent: sub.trialWillEndSent,
    pendingLines: sub.pendingLines,
  });

  /** Stores an invoice the clock produced, numbered per customer as Stripe does (`<prefix>-0001`). */
  const storeInvoice = async (
    tx: EntityManager,
    subscription: LocalSubscription,
    invoice: TClockInvoice,
  ): Promise<LocalInvoice> => {
    const count = await countLocalInvoicesOfCustomer(tx, subscription.customerId);
    const prefix = subscription.customerId.slice(-8).toUpperCase();
    const row: LocalInvoice = {
      id: newId('in'),
      number: `${prefix}-${String(count + 1).padStart(4, '0')}`,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: invoice.status,
      billingReason: invoice.billingReason,
      currency: 'usd',
      total: invoice.total,
      amountPaid: invoice.status === 'paid' ? Math.max(invoice.total, 0) : 0,
      periodStart: fromSeconds(invoice.periodStart),
      periodEnd: fromSeconds(invoice.periodEnd),
      lines: invoice.lines,
      created: fromSeconds(invoice.created),
      paidAt: invoice.status === 'paid' ? fromSeconds(invoice.created) : null,
      attemptCount: invoice.attemptCount,
      nextPaymentAttempt:
        invoice.nextPaymentAttempt === null ? null : fromSeconds(invoice.nextPaymentAttempt),
    };
    await insertLocalInvoice(tx, row);
    return row;
  };

  const customerOf = async (tx: EntityManager, customerId: string) => {
    const customer = await findLocalCustomer(tx, customerId);
    return customer ? { email: customer.email, name: customer.name } : null;
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
        customerEmail: input.customerEmail ?? null,
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
      await options.orm.em.fork().transactional(async (tx) => {
        const row = await tx.findOne(
          LocalSubscriptionSchema,
          { id },
          { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
        );
        if (!row) throw new Error(`No such subscription: ${id}`);
        let next: Partial<LocalSubscription> = {};
        if (change.quantity !== undefined || change.priceId !== undefined) {
          // Stripe's create_prorations: credit and charge lines for the rest of the period.
          const changed = changeSubscription(
            toClock(row, await dunningOf(tx, row)),
            { price: priceOf(change.priceId ?? row.priceId), quantity: change.quantity ?? row.quantity },
            await clockNow(tx, row.customerId),
          );
          next = fromClock(changed.sub);
          if (changed.invoice) await storeInvoice(tx, row, changed.invoice);
        }
        if (change.cancelAtPeriodEnd !== undefined) next.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
        await updateLocalSubscription(tx, id, next);
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
    async clockNow(customerId) {
      return fromSeconds(await clockNow(em(), customerId ?? ''));
    },
    async updateCard(customerId, cardNumber) {
      const number = cardNumber.replace(/[\s-]/g, '');
      const known = TEST_CARDS[number];
      if (!known)
        return { ok: false, message: 'Use one of the test card numbers, e.g. 4242 4242 4242 4242.' };
      if (known.outcome === 'declined')
        return { ok: false, message: known.message ?? 'Your card was declined.' };
      await options.orm.em.fork().transactional(async (tx) => {
        for (const row of await findLocalSubscriptionsOfCustomer(tx, customerId))
          await updateLocalSubscription(tx, row.id, {
            cardLast4: number.slice(-4),
            cardFailsOnCharge: known.outcome === 'fails_on_charge',
          });
      });
      return { ok: true };
    },
    async listInvoices(customerId) {
      const tx = em();
      const customer = await customerOf(tx, customerId);
      return (await findLocalInvoicesOfCustomer(tx, customerId)).map((row) => invoiceView(row, customer));
    },
    async retrieveInvoice(id) {
      const tx = em();
      const row = await findLocalInvoice(tx, id);
      return row ? invoiceView(row, await customerOf(tx, row.customerId)) : null;
    },
    async previewNextInvoice(subscriptionId) {
      const row = await findLocalSubscription(em(), subscriptionId);
      if (!row || row.cancelAtPeriodEnd || !['trialing', 'active'].includes(row.status)) return null;
      const sub = toClock(row);
      // What the clock would bill at the next due date, without keeping it.
      const due = sub.status === 'trialing' ? (sub.trialEnd ?? sub.periodEnd) : sub.periodEnd;
      const { invoices } = runClock({ ...sub, trialWillEndSent: true, cardFailsOnCharge: false }, due);
      const next = invoices[0];
      return next ? { date: fromSeconds(next.created), total: next.total, currency: 'usd' } : null;
    },
    async advanceClock(customerId, seconds) {
      return options.orm.em.fork().transactional(async (tx) => {
        const customer = await findLocalCustomer(tx, customerId, { lock: true });
        if (!customer) throw new Error(`No such customer: ${customerId}`);
        const offset = customer.clockOffsetSeconds + Math.max(0, Math.floor(seconds));
        await setLocalCustomerClock(tx, customerId, offset);
        const until = Math.floor(Date.now() / 1000) + offset;
        const timeline: { at: number; order: number; event: TPaymentEvent }[] = [];
        for (const row of await findLiveLocalSubscriptionsForUpdate(tx, customerId)) {
          const { sub, effects } = runClock(toClock(row, await dunningOf(tx, row)), until, retryDays);
          await updateLocalSubscription(tx, row.id, fromClock(sub));
          const view = (stored: LocalInvoice) =>
            invoiceView(stored, { email: customer.email, name: customer.name });
          for (const effect of effects) {
            let invoice: TProviderInvoice | null = null;
            if ('invoice' in effect) invoice = view(await storeInvoice(tx, row, effect.invoice));
            else if ('retry' in effect) {
              // A retry charges the same open invoice again (its attempt_count grows).
              const open = await findOpenLocalInvoiceOfSubscription(tx, row.id);
              if (open) {
                const paid = effect.retry.status === 'paid';
                const change = {
                  status: effect.retry.status,
                  amountPaid: paid ? Math.max(open.total, 0) : 0,
                  paidAt: paid ? fromSeconds(effect.retry.at) : null,
                  attemptCount: effect.retry.attemptCount,
                  nextPaymentAttempt:
                    effect.retry.nextPaymentAttempt === null
                      ? null
                      : fromSeconds(effect.retry.nextPaymentAttempt),
                };
                await updateLocalInvoice(tx, open.id, change);
                invoice = view({ ...open, ...change });
              }
            }
            timeline.push({
              at: effect.at,
              order: timeline.length,
              event: {
                id: newId('evt'),
                type: effect.type,
                checkoutSession: null,
                subscriptionId: row.id,
                invoice,
              },
            });
          }
        }
        timeline.sort((a, b) => a.at - b.at || a.order - b.order);
        return { now: fromSeconds(until), events: timeline.map((t) => t.event) };
      });
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
        invoice: null,
      };
    },
    async completeCheckout(sessionId, card) {
      const number = card.number.replace(/[\s-]/g, '');
      const known = TEST_CARDS[number];
      if (!known)
        return { ok: false, message: 'Use one of the test card numbers, e.g. 4242 4242 4242 4242.' };
      if (known.outcome === 'declined')
        return { ok: false, message: known.message ?? 'Your card was declined.' };
      const failsOnCharge = known.outcome === 'fails_on_charge';
      return options.orm.em.fork().transactional(async (tx) => {
        const row = await findLocalCheckoutSession(tx, sessionId, { lock: true });
        if (!row) return { ok: false as const, message: 'This checkout session does not exist.' };
        if (row.status !== 'open')
          return { ok: false as const, message: 'This checkout session is no longer open.' };
        // The address billing passed is locked, as on Stripe's page with customer_email: another one typed
        // into the form is refused (issue 20). Only a checkout without one (and no customer) asks for it.
        if (row.customerEmail && card.email?.trim()) {
          if (normalizeEmail(card.email) !== row.customerEmail.trim().toLowerCase())
            return {
              ok: false as const,
              message: `This checkout is for ${row.customerEmail}. To pay with another address, start a new checkout.`,
            };
        }
        const asksForEmail = !row.customerEmail && !row.customerId;
        const customerEmail = asksForEmail ? normalizeEmail(card.email) : row.customerEmail;
        if (asksForEmail && !customerEmail)
          return { ok: false as const, message: 'Enter a valid email address.' };
        const customerName = card.name?.trim().slice(0, 100) || null;
        // A guest's subscription gets its customer now, from the guest's address (Stripe does the same).
        const customerId =
          !row.customerId && row.mode === 'subscription'
            ? await ensureLocalCustomer(tx, {
                id: newId('cus'),
                orgId: null,
                email: customerEmail!,
                name: customerName ?? customerEmail!,
                idempotencyKey: `guest-${row.id}`,
              })
            : row.customerId;
        let subscriptionId: string | null = null;
        let paymentStatus: LocalCheckoutSession['paymentStatus'] = 'paid';
        // A card that attaches but fails on charge can save a trial; it cannot pay now.
        if (failsOnCharge && (row.mode === 'payment' || row.trialDays === 0))
          return { ok: false as const, message: 'Your card was declined.' };
        if (row.mode === 'subscription') {
          subscriptionId = newId('sub');
          const now = await clockNow(tx, customerId ?? '');
          const trialEnd = row.trialDays > 0 ? now + row.trialDays * DAY_SECONDS : null;
          const price = priceOf(row.priceId);
          const periodEnd = trialEnd ?? addInterval(now, price.interval);
          const subscription = {
            id: subscriptionId,
            customerId: customerId ?? '',
            status: trialEnd ? 'trialing' : 'active',
            itemId: newId('si'),
            priceId: row.priceId,
            quantity: row.quantity,
            trialEnd: trialEnd ? fromSeconds(trialEnd) : null,
            currentPeriodStart: fromSeconds(now),
            currentPeriodEnd: fromSeconds(periodEnd),
            cancelAtPeriodEnd: false,
            cardLast4: number.slice(-4),
            cardFailsOnCharge: failsOnCharge,
            trialWillEndSent: false,
            pendingLines: [],
            metadata: row.metadata ?? {},
            createdAt: fromSeconds(now),
          };
          await insertLocalSubscription(tx, subscription);
          if (trialEnd) paymentStatus = 'no_payment_required';
          else
            await storeInvoice(tx, subscription, {
              billingReason: 'subscription_cycle',
              status: 'paid',
              created: now,
              periodStart: now,
              periodEnd,
              total: price.unitAmount * row.quantity,
              attemptCount: 1,
              nextPaymentAttempt: null,
              lines: [
                {
                  description: `${row.quantity} × ${price.name} (at ${formatMoney(price.unitAmount, 'usd')} / ${price.interval})`,
                  amount: price.unitAmount * row.quantity,
                  quantity: row.quantity,
                  priceId: price.id,
                  proration: false,
                  periodStart: now,
                  periodEnd,
                },
              ],
            });
        }
        await markLocalCheckoutComplete(tx, sessionId, paymentStatus, subscriptionId, {
          customerId,
          customerEmail,
          customerName,
        });
        const session = sessionView(
          {
            ...row,
            status: 'complete',
            paymentStatus,
            subscriptionId,
            customerId,
            customerEmail,
            customerName,
          },
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
            invoice: null,
          },
        };
      });
    },
  };
};

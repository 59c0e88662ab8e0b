import { formatMoney } from '@dealflow/contracts/money';
/**
 * What a Stripe test clock does to one subscription when time moves, as Stripe documents it
 * (https://docs.stripe.com/billing/testing/test-clocks, .../subscriptions/prorations): the trial's
 * `customer.subscription.trial_will_end` three days before its end; at the trial's end and at each period
 * end an invoice charged to the saved card (`invoice.paid`, or `invoice.payment_failed` and `past_due`);
 * `cancel_at_period_end` ends the subscription at the period end; proration items for mid-period changes
 * wait on the next invoice. Pure (times in Unix seconds, amounts in cents): the embedded provider keeps the
 * result in its tables, the Stripe stand-in in its Stripe-shaped objects, so both answer the same.
 *
 * A failed charge is retried as Stripe's revenue recovery does with a custom retry schedule
 * (https://docs.stripe.com/billing/revenue-recovery/smart-retries): the same open invoice is charged again
 * to the card saved at that moment on each day of the schedule (counted from the first failure), each
 * failure sends `invoice.payment_failed` with `attempt_count` and `next_payment_attempt` (null after the
 * last one), a success `invoice.paid` and the subscription back to `active`; after the last failed
 * attempt the subscription is canceled (the Dashboard's default "Cancel the subscription";
 * `customer.subscription.deleted`) and the invoice stays open.
 */

export const DAY_SECONDS = 86_400;
export const TRIAL_WILL_END_SECONDS = 3 * DAY_SECONDS;

export type TInterval = 'month' | 'year';

/** Days after the first failed attempt on which an open invoice is charged again (3 retries, 4 attempts). */
export const DEFAULT_RETRY_DAYS: readonly number[] = [3, 5, 7];

/** Stripe's documented test cards (https://docs.stripe.com/testing) and what each does. */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeeded' | 'declined' | 'fails_on_charge'; message?: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000056655665556': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  '378282246310005': { outcome: 'succeeded' },
  // "Attaches to a customer, but charges fail" (docs.stripe.com/testing#declined-payments).
  '4000000000000341': { outcome: 'fails_on_charge' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'declined', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'declined', message: "Your card's security code is incorrect." },
};

export interface TInvoiceLine {
  description: string;
  /** Cents; negative for a credit (unused time). */
  amount: number;
  quantity: number;
  priceId: string;
  proration: boolean;
  periodStart: number;
  periodEnd: number;
}

export interface TClockPrice {
  id: string;
  /** What a line says: "Pro (monthly)". */
  name: string;
  unitAmount: number;
  interval: TInterval;
}

export interface TClockSubscription {
  status: string;
  price: TClockPrice;
  quantity: number;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialWillEndSent: boolean;
  /** Proration items created by changes, billed on the next invoice (Stripe's pending invoice items). */
  pendingLines: TInvoiceLine[];
  /** The saved card's charges fail (4000 0000 0000 0341). */
  cardFailsOnCharge: boolean;
  /** The open invoice being retried while `past_due` (null when nothing is owed). */
  dunning: TClockDunning | null;
}

export interface TClockDunning {
  /** The invoice's first attempt: the schedule counts from here. */
  firstAttemptAt: number;
  attemptCount: number;
  /** Null after the last attempt. */
  nextPaymentAttempt: number | null;
  total: number;
}

export interface TClockInvoice {
  billingReason: 'subscription_cycle' | 'subscription_update';
  status: 'paid' | 'open';
  created: number;
  periodStart: number;
  periodEnd: number;
  lines: TInvoiceLine[];
  total: number;
  /** Stripe's `attempt_count` and `next_payment_attempt` (null when paid or after the last attempt). */
  attemptCount: number;
  nextPaymentAttempt: number | null;
}

/** An attempt on the open invoice (a retry): the provider updates that invoice rather than adding one. */
export interface TClockRetry {
  status: 'paid' | 'open';
  at: number;
  attemptCount: number;
  nextPaymentAttempt: number | null;
}

export type TClockEffect =
  | { type: 'customer.subscription.trial_will_end'; at: number }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; at: number; invoice: TClockInvoice }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; at: number; retry: TClockRetry }
  | { type: 'customer.subscription.updated' | 'customer.subscription.deleted'; at: number };

/** Adds one interval the way Stripe's billing cycle anchor does: a month later, clamped to the month's end. */
export function addInterval(seconds: number, interval: TInterval): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  if (interval === 'month') target.setUTCMonth(target.getUTCMonth() + 1);
  else target.setUTCFullYear(target.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const itemText = (quantity: number, price: TClockPrice) =>
  `${quantity} × ${price.name} (at ${formatMoney(price.unitAmount, 'usd')} / ${price.interval})`;

const cycleLine = (
  sub: Pick<TClockSubscription, 'price' | 'quantity'>,
  start: number,
  end: number,
): TInvoiceLine => ({
  description: itemText(sub.quantity, sub.price),
  amount: sub.price.unitAmount * sub.quantity,
  quantity: sub.quantity,
  priceId: sub.price.id,
  proration: false,
  periodStart: start,
  periodEnd: end,
});

/**
 * Stripe's proration for a change at `at` inside [periodStart, periodEnd): a credit for the unused time of
 * the old item and a charge for the remaining time of the new one, each the full amount times the
 * remaining fraction of the period (to the second), rounded to the cent.
 */
export function prorationLines(
  sub: Pick<TClockSubscription, 'price' | 'quantity' | 'periodStart' | 'periodEnd'>,
  next: { price: TClockPrice; quantity: number },
  at: number,
): TInvoiceLine[] {
  const length = sub.periodEnd - sub.periodStart;
  const remaining = Math.max(0, sub.periodEnd - at);
  if (length <= 0 || remaining === 0) return [];
  const fraction = remaining / length;
  return [
    {
      description: `Unused time on ${itemText(sub.quantity, sub.price)} after ${day(at)}`,
      amount: -Math.round(sub.price.unitAmount * sub.quantity * fraction),
      quantity: sub.quantity,
      priceId: sub.price.id,
      proration: true,
      periodStart: at,
      periodEnd: sub.periodEnd,
    },
    {
      description: `Remaining time on ${itemText(next.quantity, next.price)} after ${day(at)}`,
      amount: Math.round(next.price.unitAmount * next.quantity * fraction),
      quantity: next.quantity,
      priceId: next.price.id,
      proration: true,
      periodStart: at,
      periodEnd: sub.periodEnd,
    },
  ];
}

/**
 * A change of price or quantity at `at` (Stripe's `proration_behavior: create_prorations`). While trialing
 * nothing is owed. A change of interval (monthly <-> annual) resets the billing period and invoices now,
 * as Stripe does; otherwise the proration lines wait for the next invoice.
 */
export function changeSubscription(
  sub: TClockSubscription,
  next: { price: TClockPrice; quantity: number },
  at: number,
): { sub: TClockSubscription; invoice: TClockInvoice | null } {
  if (sub.price.id === next.price.id && sub.quantity === next.quantity) return { sub, invoice: null };
  if (sub.status !== 'active' && sub.status !== 'past_due')
    return { sub: { ...sub, price: next.price, quantity: next.quantity }, invoice: null };
  const proration = prorationLines(sub, next, at);
  if (next.price.interval !== sub.price.interval) {
    const periodEnd = addInterval(at, next.price.interval);
    const lines = [...sub.pendingLines, ...proration.slice(0, 1), cycleLine(next, at, periodEnd)];
    const { sub: charged, invoice } = charge(
      { ...sub, ...next, periodStart: at, periodEnd, pendingLines: [] },
      lines,
      at,
      'subscription_update',
    );
    return { sub: charged, invoice };
  }
  return {
    sub: { ...sub, ...next, pendingLines: [...sub.pendingLines, ...proration] },
    invoice: null,
  };
}

/** When the attempt after `attemptCount` failed ones falls due, or null when that was the last. */
export function nextAttemptAt(
  firstAttemptAt: number,
  attemptCount: number,
  retryDays: readonly number[] = DEFAULT_RETRY_DAYS,
): number | null {
  const days = retryDays[attemptCount - 1];
  return days === undefined ? null : firstAttemptAt + days * DAY_SECONDS;
}

function charge(
  sub: TClockSubscription,
  lines: TInvoiceLine[],
  at: number,
  billingReason: TClockInvoice['billingReason'],
  retryDays: readonly number[] = DEFAULT_RETRY_DAYS,
): { sub: TClockSubscription; invoice: TClockInvoice } {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  // A zero or negative total needs no charge (Stripe keeps a credit balance; not modelled here).
  const paid = total <= 0 || !sub.cardFailsOnCharge;
  const nextPaymentAttempt = paid ? null : nextAttemptAt(at, 1, retryDays);
  return {
    sub: {
      ...sub,
      status: paid ? 'active' : 'past_due',
      dunning: paid ? null : { firstAttemptAt: at, attemptCount: 1, nextPaymentAttempt, total },
    },
    invoice: {
      billingReason,
      status: paid ? 'paid' : 'open',
      created: at,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      lines,
      total,
      attemptCount: 1,
      nextPaymentAttempt,
    },
  };
}

/**
 * Moves one subscription's time to `until`: everything due before then happens, in order. A `past_due`
 * subscription's open invoice is retried on `retryDays` (counted from its first attempt) with the card
 * saved at that time; it is not billed again until that invoice is paid.
 */
export function runClock(
  start: TClockSubscription,
  until: number,
  retryDays: readonly number[] = DEFAULT_RETRY_DAYS,
): { sub: TClockSubscription; effects: TClockEffect[]; invoices: TClockInvoice[] } {
  let sub = { ...start };
  const effects: TClockEffect[] = [];
  const invoices: TClockInvoice[] = [];
  for (let guard = 0; guard < 1000; guard += 1) {
    const dunning = sub.status === 'past_due' ? sub.dunning : null;
    if (dunning) {
      const at = dunning.nextPaymentAttempt;
      if (at === null || at > until) break;
      const attemptCount = dunning.attemptCount + 1;
      if (dunning.total <= 0 || !sub.cardFailsOnCharge) {
        sub = { ...sub, status: 'active', dunning: null };
        effects.push({
          type: 'invoice.paid',
          at,
          retry: { status: 'paid', at, attemptCount, nextPaymentAttempt: null },
        });
        effects.push({ type: 'customer.subscription.updated', at });
        continue;
      }
      const nextPaymentAttempt = nextAttemptAt(dunning.firstAttemptAt, attemptCount, retryDays);
      sub = { ...sub, dunning: { ...dunning, attemptCount, nextPaymentAttempt } };
      effects.push({
        type: 'invoice.payment_failed',
        at,
        retry: { status: 'open', at, attemptCount, nextPaymentAttempt },
      });
      if (nextPaymentAttempt === null) {
        // "If all retries for a payment fail": Stripe's default cancels the subscription.
        sub = { ...sub, status: 'canceled' };
        effects.push({ type: 'customer.subscription.deleted', at });
        break;
      }
      continue;
    }
    if (sub.status === 'trialing' && sub.trialEnd !== null) {
      const warnAt = sub.trialEnd - TRIAL_WILL_END_SECONDS;
      if (!sub.trialWillEndSent && warnAt <= until) {
        sub = { ...sub, trialWillEndSent: true };
        effects.push({ type: 'customer.subscription.trial_will_end', at: warnAt });
        continue;
      }
    }
    const due = sub.status === 'trialing' ? (sub.trialEnd ?? sub.periodEnd) : sub.periodEnd;
    if ((sub.status !== 'trialing' && sub.status !== 'active') || due > until) break;
    if (sub.cancelAtPeriodEnd) {
      sub = { ...sub, status: 'canceled' };
      effects.push({ type: 'customer.subscription.deleted', at: due });
      break;
    }
    const periodEnd = addInterval(due, sub.price.interval);
    const lines = [...sub.pendingLines, cycleLine(sub, due, periodEnd)];
    const charged = charge(
      { ...sub, periodStart: due, periodEnd, pendingLines: [] },
      lines,
      due,
      'subscription_cycle',
      retryDays,
    );
    sub = charged.sub;
    invoices.push(charged.invoice);
    effects.push({
      type: charged.invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      at: due,
      invoice: charged.invoice,
    });
    effects.push({ type: 'customer.subscription.updated', at: due });
  }
  return { sub, effects, invoices };
}

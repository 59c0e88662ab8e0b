import { describe, expect, it } from 'vitest';
import {
  DAY_SECONDS,
  addInterval,
  changeSubscription,
  prorationLines,
  runClock,
  type TClockSubscription,
} from './billing-clock.js';
import { loadServiceConfig } from '../config.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const basic = { id: 'price_basic', name: 'Basic (monthly)', unitAmount: 3000, interval: 'month' as const };
const pro = { id: 'price_pro', name: 'Pro (monthly)', unitAmount: 5000, interval: 'month' as const };
const proAnnual = { id: 'price_pro_y', name: 'Pro (annual)', unitAmount: 48000, interval: 'year' as const };

const active = (overrides: Partial<TClockSubscription> = {}): TClockSubscription => ({
  status: 'active',
  price: basic,
  quantity: 1,
  trialEnd: null,
  periodStart: at('2026-01-01T00:00:00Z'),
  periodEnd: at('2026-02-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  trialWillEndSent: true,
  pendingLines: [],
  cardFailsOnCharge: false,
  dunning: null,
  ...overrides,
});

describe('the payment clock (pure)', () => {
  it('adds calendar months clamped to the month end, and years', () => {
    expect(addInterval(at('2026-01-31T10:00:00Z'), 'month')).toBe(at('2026-02-28T10:00:00Z'));
    expect(addInterval(at('2026-03-15T00:00:00Z'), 'month')).toBe(at('2026-04-15T00:00:00Z'));
    expect(addInterval(at('2028-02-29T00:00:00Z'), 'year')).toBe(at('2029-02-28T00:00:00Z'));
  });

  it('prorates like Stripe: the full amounts times the remaining fraction, to the second, in cents', () => {
    // 2026-01-11 in a 31-day January period: 21/31 of it remains.
    const lines = prorationLines(
      active({ quantity: 2 }),
      { price: pro, quantity: 3 },
      at('2026-01-11T00:00:00Z'),
    );
    expect(lines.map((l) => l.amount)).toEqual([
      -Math.round((6000 * 21) / 31),
      Math.round((15000 * 21) / 31),
    ]);
    expect(lines.map((l) => l.amount)).toEqual([-4065, 10161]);
    expect(lines[0]!.description).toBe(
      'Unused time on 2 × Basic (monthly) (at $30.00 / month) after 11 Jan 2026',
    );
    expect(lines[1]!.description).toBe(
      'Remaining time on 3 × Pro (monthly) (at $50.00 / month) after 11 Jan 2026',
    );
  });

  it('owes nothing for a change during the trial; an interval change invoices at once with a new period', () => {
    const trialing = active({
      status: 'trialing',
      trialEnd: at('2026-01-08T00:00:00Z'),
      trialWillEndSent: false,
    });
    expect(
      changeSubscription(trialing, { price: pro, quantity: 2 }, at('2026-01-03T00:00:00Z')),
    ).toMatchObject({
      sub: { price: pro, quantity: 2, pendingLines: [] },
      invoice: null,
    });
    const now = at('2026-01-11T00:00:00Z');
    const { sub, invoice } = changeSubscription(active(), { price: proAnnual, quantity: 1 }, now);
    expect(sub).toMatchObject({ periodStart: now, periodEnd: at('2027-01-11T00:00:00Z'), pendingLines: [] });
    expect(invoice!.lines.map((l) => l.amount)).toEqual([-2032, 48000]);
    expect(invoice).toMatchObject({ status: 'paid', total: 45968, billingReason: 'subscription_update' });
  });

  it('retries a failed invoice on the schedule, cancels after the last attempt, and ends a canceling one', () => {
    const failing = runClock(active({ cardFailsOnCharge: true }), at('2026-06-01T00:00:00Z'));
    // One invoice, charged at the period end and on days 3, 5 and 7 after it; then Stripe's default cancel.
    expect(failing.invoices).toHaveLength(1);
    expect(failing.sub.status).toBe('canceled');
    const renewal = at('2026-02-01T00:00:00Z');
    expect(failing.effects.map((e) => [e.type, (e.at - renewal) / DAY_SECONDS])).toEqual([
      ['invoice.payment_failed', 0],
      ['customer.subscription.updated', 0],
      ['invoice.payment_failed', 3],
      ['invoice.payment_failed', 5],
      ['invoice.payment_failed', 7],
      ['customer.subscription.deleted', 7],
    ]);
    expect(failing.effects[0]).toMatchObject({
      invoice: { attemptCount: 1, nextPaymentAttempt: renewal + 3 * DAY_SECONDS },
    });
    expect(failing.effects[5 - 1]).toMatchObject({ retry: { attemptCount: 4, nextPaymentAttempt: null } });
    // Stopped halfway, the subscription is past_due with the next attempt set; a custom schedule counts.
    const halfway = runClock(active({ cardFailsOnCharge: true }), renewal + 4 * DAY_SECONDS);
    expect(halfway.sub).toMatchObject({
      status: 'past_due',
      dunning: { attemptCount: 2, nextPaymentAttempt: renewal + 5 * DAY_SECONDS },
    });
    const custom = runClock(active({ cardFailsOnCharge: true }), renewal + 30 * DAY_SECONDS, [1, 2]);
    expect(custom.effects.map((e) => (e.at - renewal) / DAY_SECONDS)).toEqual([0, 0, 1, 2, 2]);
    // A new card before the next attempt: that attempt pays the same invoice and renewals go on.
    const recovered = runClock({ ...halfway.sub, cardFailsOnCharge: false }, at('2026-03-01T00:00:00Z'));
    expect(recovered.effects.map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(recovered.effects[0]).toMatchObject({
      at: renewal + 5 * DAY_SECONDS,
      retry: { status: 'paid', attemptCount: 3 },
    });
    expect(recovered.sub).toMatchObject({ status: 'active', dunning: null });
    const canceling = runClock(active({ cancelAtPeriodEnd: true }), at('2026-06-01T00:00:00Z'));
    expect(canceling.invoices).toEqual([]);
    expect(canceling.effects).toEqual([
      { type: 'customer.subscription.deleted', at: at('2026-02-01T00:00:00Z') },
    ]);
    // Five months of renewals, one invoice each.
    expect(runClock(active(), at('2026-06-01T00:00:00Z') + DAY_SECONDS).invoices).toHaveLength(5);
  });

  it('refuses STRIPE_TEST_CLOCKS in production and with a live key', () => {
    const stripe = {
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_BASIC_MONTHLY: 'p1',
      STRIPE_PRICE_BASIC_ANNUAL: 'p2',
      STRIPE_PRICE_PRO_MONTHLY: 'p3',
      STRIPE_PRICE_PRO_ANNUAL: 'p4',
      STRIPE_PRICE_TEMPLATE: 'p5',
      STRIPE_TEST_CLOCKS: '1',
    };
    expect(loadServiceConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_1' }).stripe.testClocks).toBe(true);
    expect(() => loadServiceConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      /STRIPE_TEST_CLOCKS/,
    );
    expect(() =>
      loadServiceConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_1', NODE_ENV: 'production' }),
    ).toThrow(/STRIPE_TEST_CLOCKS/);
  });

  it('reads the embedded retry schedule from EMBEDDED_PAYMENTS_RETRY_DAYS and refuses a bad one', () => {
    const retryDays = (value?: string) =>
      loadServiceConfig(value === undefined ? {} : { EMBEDDED_PAYMENTS_RETRY_DAYS: value }).embeddedPayments
        .retryDays;
    expect(retryDays()).toEqual([3, 5, 7]);
    expect(retryDays(' ')).toEqual([3, 5, 7]);
    expect(retryDays('1,2,4,8')).toEqual([1, 2, 4, 8]);
    for (const bad of ['5,3', '0,2', '3;5', 'x', '3,3'])
      expect(() => retryDays(bad), bad).toThrow(/EMBEDDED_PAYMENTS_RETRY_DAYS/);
  });
});

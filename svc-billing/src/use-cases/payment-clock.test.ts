import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { INTERNAL_TOKEN, startBilling, type BillingHarness } from '../../test/start-billing.js';

/**
 * The payment clock (issue 14) run the same way on both providers: the embedded one (its own clock, its
 * /pay card form) and Stripe through the official SDK against the stand-in (test clocks advanced with
 * test_helpers.test_clocks.advance, the events delivered as signed webhooks). The same handler walks the
 * same event types on both, so the same assertions hold.
 */
const EMBEDDED_ENV = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_PRICE_BASIC_MONTHLY: '',
  STRIPE_PRICE_BASIC_ANNUAL: '',
  STRIPE_PRICE_PRO_MONTHLY: '',
  STRIPE_PRICE_PRO_ANNUAL: '',
  STRIPE_PRICE_TEMPLATE: '',
};
const DAY_MS = 86_400_000;

type TInvoiceList = {
  invoices: {
    id: string;
    number: string | null;
    date: string;
    amountCents: number;
    status: string;
    receiptUrl: string | null;
    attemptCount: number;
    nextPaymentAttempt: string | null;
  }[];
  nextCharge: { date: string; amountCents: number } | null;
  trialEndsAt: string | null;
  status: string | null;
};

describe.each(['embedded', 'stripe'] as const)('payment clock on the %s provider', (provider) => {
  let h: BillingHarness;
  // Each provider's organizations are distinct, so the two runs never share billing rows.
  const org = (n: number) => (provider === 'embedded' ? 7100 : 7200) + n;

  beforeAll(async () => {
    h = await startBilling(provider === 'embedded' ? EMBEDDED_ENV : { STRIPE_TEST_CLOCKS: '1' });
  }, 90_000);
  afterAll(async () => {
    await h?.stop();
  });

  /** The owner subscribes with `card` (Stripe's test numbers); the trial starts. */
  const subscribe = async (orgId: number, plan: string, cycle: string, card = '4242424242424242') => {
    const sessionId = await h.startCheckout(orgId, plan, cycle);
    if (provider === 'embedded') {
      const paid = await h.svc.app.inject({
        method: 'POST',
        url: `/pay/checkout/${sessionId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber: card, expiry: '12/34', cvc: '123' }).toString(),
      });
      expect(paid.statusCode).toBe(303);
    } else {
      const session = h.stripe.completeCheckout(sessionId, { card });
      expect((await h.postWebhook(h.stripe.event('checkout.session.completed', session))).statusCode).toBe(
        200,
      );
    }
  };

  /** The development control, then (Stripe) the webhooks its clock produced. */
  const advance = async (orgId: number, days: number) => {
    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/internal/billing/test-clock/advance',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
      payload: { orgId, days },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { now: string; events: string[] };
    if (provider === 'embedded') return { now: body.now, events: body.events };
    const events = await h.stripe.deliverEvents(async (event) => {
      const delivered = await h.postWebhook(event);
      expect(delivered.statusCode).toBe(200);
    });
    return { now: body.now, events };
  };

  const invoicesOf = async (orgId: number) => {
    const response = await h.svc.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: h.headersFor(orgId, 'member', 2),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TInvoiceList;
  };

  const subscriptionOf = async (orgId: number) =>
    (
      await h.svc.app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: h.headersFor(orgId) })
    ).json() as { plan: string; status: string; currentPeriodEnd: string | null; trialEndsAt: string | null };

  it('a trial warns 3 days ahead, converts after 7 days with the saved card, and the receipt prints', async () => {
    const orgId = org(1);
    await subscribe(orgId, 'pro', 'monthly');
    const before = await invoicesOf(orgId);
    expect(before.invoices).toEqual([]);
    expect(before.status).toBe('trialing');
    expect(before.trialEndsAt).not.toBeNull();
    const trialEnd = new Date(before.trialEndsAt!).getTime();
    expect(before.nextCharge).toEqual({ date: before.trialEndsAt, amountCents: 5000, currency: 'usd' });

    const first = await advance(orgId, 4);
    expect(first.events).toEqual(['customer.subscription.trial_will_end']);
    const [ending] = await h.bus.waitForEvents(Topics.trialEnding, orgId);
    expect(ending!.data).toMatchObject({
      orgId,
      plan: 'pro',
      billingCycle: 'monthly',
      trialEndsAt: before.trialEndsAt,
      amountDue: 5000,
      currency: 'usd',
    });

    const second = await advance(orgId, 4);
    expect(second.events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(await subscriptionOf(orgId)).toMatchObject({ plan: 'pro', status: 'active' });
    const after = await invoicesOf(orgId);
    expect(after.status).toBe('active');
    expect(after.trialEndsAt).toBeNull();
    expect(after.invoices).toHaveLength(1);
    const [invoice] = after.invoices;
    expect(invoice).toMatchObject({ amountCents: 5000, currency: 'usd', status: 'paid' });
    expect(invoice!.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    expect(new Date(invoice!.date).getTime()).toBe(trialEnd);
    // The next charge is a month after the trial's end, at the same price.
    const nextDate = new Date(trialEnd);
    nextDate.setUTCMonth(nextDate.getUTCMonth() + 1);
    expect(after.nextCharge).toEqual({ date: nextDate.toISOString(), amountCents: 5000, currency: 'usd' });

    const receipt = await h.svc.app.inject({ method: 'GET', url: invoice!.receiptUrl! });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.body).toContain(invoice!.number!);
    expect(receipt.body).toContain('1 × Pro (monthly) (at $50.00 / month)');
    expect(receipt.body).toContain('$50.00');
    expect(receipt.body).toContain('@media print');
    // Another invoice id under this signature, or a changed signature: nothing.
    const [, signature] = invoice!.receiptUrl!.split('/').pop()!.split('.');
    for (const forged of [`/pay/receipts/in_other.${signature}`, `${invoice!.receiptUrl!.slice(0, -2)}xx`])
      expect((await h.svc.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);

    // A redelivered or replayed clock run bills nothing twice: the clock only moves forward.
    expect((await advance(orgId, 1)).events).toEqual([]);
    expect((await invoicesOf(orgId)).invoices).toHaveLength(1);
  }, 60_000);

  it('a card that fails on charge (4000 0000 0000 0341) leaves the trial past_due and says so', async () => {
    const orgId = org(2);
    await subscribe(orgId, 'basic', 'monthly', '4000 0000 0000 0341');
    const moved = await advance(orgId, 8);
    expect(moved.events).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect(await subscriptionOf(orgId)).toMatchObject({ plan: 'basic', status: 'past_due' });
    const [failed] = await h.bus.waitForEvents(Topics.paymentFailed, orgId);
    const list = await invoicesOf(orgId);
    expect(list.invoices).toHaveLength(1);
    expect(list.invoices[0]).toMatchObject({ amountCents: 3000, status: 'open', receiptUrl: null });
    expect(failed!.data).toMatchObject({
      orgId,
      invoiceId: list.invoices[0]!.id,
      invoiceNumber: list.invoices[0]!.number,
      amountDue: 3000,
      currency: 'usd',
      status: 'past_due',
    });
    // No receipt for an unpaid invoice, even with a valid signature.
    const { receiptPath } = await import('./list-invoices.js');
    const unpaid = receiptPath({ config: h.svc.deps.config }, list.invoices[0]!.id);
    expect((await h.svc.app.inject({ method: 'GET', url: unpaid })).statusCode).toBe(404);
  }, 60_000);

  /** The customer saves another card (the embedded portal's card form; Stripe's hosted portal). */
  const updateCard = async (orgId: number, card: string) => {
    if (provider === 'stripe') {
      h.stripe.updateCard(orgId, card);
      return;
    }
    const portal = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/portal',
      headers: h.headersFor(orgId),
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const path = new URL((portal.json() as { url: string }).url).pathname;
    const saved = await h.svc.app.inject({
      method: 'POST',
      url: `${path}/card`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: card }).toString(),
    });
    expect(saved.statusCode, saved.body).toBe(303);
    return decodeURIComponent(String(saved.headers.location));
  };
  const at = (iso: string | null | undefined, days: number) =>
    new Date(new Date(iso!).getTime() + days * DAY_MS).toISOString();

  it('retries a past-due invoice on the schedule and the attempt after a card update pays it', async () => {
    const orgId = org(6);
    await subscribe(orgId, 'basic', 'monthly', '4000 0000 0000 0341');
    expect((await advance(orgId, 8)).events).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const first = (await invoicesOf(orgId)).invoices[0]!;
    expect(first).toMatchObject({ status: 'open', attemptCount: 1, nextPaymentAttempt: at(first.date, 3) });
    // Day 3 after the failure (the clock is a day past it): the second attempt fails too, same invoice.
    expect((await advance(orgId, 2)).events).toEqual(['invoice.payment_failed']);
    expect(await subscriptionOf(orgId)).toMatchObject({ plan: 'basic', status: 'past_due' });
    const second = await invoicesOf(orgId);
    expect(second.invoices).toHaveLength(1);
    expect(second.invoices[0]).toMatchObject({
      id: first.id,
      status: 'open',
      attemptCount: 2,
      nextPaymentAttempt: at(first.date, 5),
    });
    const failed = await h.bus.waitForEvents(Topics.paymentFailed, orgId, 2);
    expect(failed.map((e) => [e.data.attempt, e.data.nextPaymentAttempt])).toEqual([
      [1, at(first.date, 3)],
      [2, at(first.date, 5)],
    ]);

    // A card Stripe declines is not saved (the embedded portal says so); then the owner saves a working
    // card and the next scheduled attempt (day 5) charges it.
    if (provider === 'embedded')
      expect(await updateCard(orgId, '4000 0000 0000 0002')).toContain('Your card was declined.');
    await updateCard(orgId, '4242 4242 4242 4242');
    expect((await advance(orgId, 1)).events).toEqual([]);
    expect((await advance(orgId, 1)).events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(await subscriptionOf(orgId)).toMatchObject({ plan: 'basic', status: 'active' });
    const paid = await invoicesOf(orgId);
    expect(paid.status).toBe('active');
    expect(paid.invoices).toHaveLength(1);
    expect(paid.invoices[0]).toMatchObject({
      id: first.id,
      status: 'paid',
      attemptCount: 3,
      nextPaymentAttempt: null,
    });
    expect(paid.invoices[0]!.receiptUrl).not.toBeNull();
    await expect.poll(() => h.bus.of(Topics.subscriptionChanged, orgId).at(-1)?.data.status).toBe('active');
    // No further attempt: the clock moves on to the next renewal only.
    expect((await advance(orgId, 7)).events).toEqual([]);
    expect(h.bus.of(Topics.paymentFailed, orgId)).toHaveLength(2);
  }, 90_000);

  it('cancels the subscription after the last failed attempt, once, and the plan follows', async () => {
    const orgId = org(7);
    await subscribe(orgId, 'pro', 'monthly', '4000 0000 0000 0341');
    await advance(orgId, 8);
    const invoice = (await invoicesOf(orgId)).invoices[0]!;
    expect((await advance(orgId, 3)).events).toEqual(['invoice.payment_failed']);
    expect((await advance(orgId, 2)).events).toEqual(['invoice.payment_failed']);
    const last = await invoicesOf(orgId);
    expect(last.invoices[0]).toMatchObject({ attemptCount: 3, nextPaymentAttempt: at(invoice.date, 7) });
    expect(last.status).toBe('past_due');
    // The fourth and last attempt (day 7) fails: Stripe's default cancels the subscription.
    expect((await advance(orgId, 2)).events).toEqual([
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    expect(await subscriptionOf(orgId)).toMatchObject({ plan: 'free', status: 'canceled' });
    const after = await invoicesOf(orgId);
    expect(after.status).toBe('canceled');
    expect(after.nextCharge).toBeNull();
    expect(after.invoices).toHaveLength(1);
    expect(after.invoices[0]).toMatchObject({ status: 'open', attemptCount: 4, nextPaymentAttempt: null });
    const failed = await h.bus.waitForEvents(Topics.paymentFailed, orgId, 4);
    expect(failed.map((e) => [e.data.attempt, e.data.nextPaymentAttempt])).toEqual([
      [1, at(invoice.date, 3)],
      [2, at(invoice.date, 5)],
      [3, at(invoice.date, 7)],
      [4, null],
    ]);
    expect(failed[3]!.data.status).toBe('canceled');
    await expect
      .poll(() => h.bus.of(Topics.subscriptionChanged, orgId).at(-1)?.data)
      .toMatchObject({ plan: 'free', status: 'canceled' });
    // Nothing more happens, and a redelivered webhook publishes nothing twice.
    expect((await advance(orgId, 30)).events).toEqual([]);
    if (provider === 'stripe') {
      for (const event of h.stripe.deliveredEvents.slice(-2))
        expect((await h.postWebhook(event)).statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(h.bus.of(Topics.paymentFailed, orgId)).toHaveLength(4);
    expect(
      h.bus.of(Topics.subscriptionChanged, orgId).filter((e) => e.data.status === 'canceled'),
    ).toHaveLength(1);
  }, 90_000);

  it('renews monthly at each period end and annually a year later', async () => {
    const monthly = org(3);
    await subscribe(monthly, 'pro', 'monthly');
    await advance(monthly, 8);
    const renewal = await advance(monthly, 31);
    expect(renewal.events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const list = await invoicesOf(monthly);
    expect(list.invoices.map((i) => [i.amountCents, i.status])).toEqual([
      [5000, 'paid'],
      [5000, 'paid'],
    ]);
    expect(list.invoices.map((i) => i.number!.slice(-4))).toEqual(['0002', '0001']);

    const annual = org(4);
    await subscribe(annual, 'pro', 'annual');
    await advance(annual, 8);
    const periodEnd = new Date((await subscriptionOf(annual)).currentPeriodEnd!).getTime();
    expect(
      periodEnd - new Date((await invoicesOf(annual)).invoices[0]!.date).getTime(),
    ).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect((await advance(annual, 300)).events).toEqual([]);
    expect((await advance(annual, 70)).events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await invoicesOf(annual)).invoices.map((i) => i.amountCents)).toEqual([48000, 48000]);
  }, 90_000);

  it('prorates an upgrade mid-period: unused time credited, remaining time charged on the next invoice', async () => {
    const orgId = org(5);
    await subscribe(orgId, 'basic', 'monthly');
    await advance(orgId, 8);
    await advance(orgId, 10);
    const changed = await h.svc.app.inject({
      method: 'PATCH',
      url: '/api/stripe/subscription',
      headers: h.headersFor(orgId),
      payload: { plan: 'pro', billingCycle: 'monthly' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ plan: 'pro', status: 'active' });
    // The preview already holds the proration: 50 - 30 for the rest of the month, plus the next month.
    const preview = (await invoicesOf(orgId)).nextCharge!;
    expect(preview.amountCents).toBeGreaterThan(5000);
    expect(preview.amountCents).toBeLessThan(5000 + 2000);

    await advance(orgId, 25);
    const list = await invoicesOf(orgId);
    expect(list.invoices).toHaveLength(2);
    const invoice = await h.svc.deps.provider.retrieveInvoice(list.invoices[0]!.id);
    const [unused, remaining, cycle] = invoice!.lines;
    expect(unused!.proration && remaining!.proration && !cycle!.proration).toBe(true);
    expect(unused!.description).toMatch(
      /^Unused time on 1 × Basic \(monthly\) \(at \$30\.00 \/ month\) after /,
    );
    expect(remaining!.description).toMatch(
      /^Remaining time on 1 × Pro \(monthly\) \(at \$50\.00 \/ month\) after /,
    );
    // Stripe's arithmetic: the full amount times the unused fraction of the period, to the second.
    const first = await h.svc.deps.provider.retrieveInvoice(list.invoices[1]!.id);
    const periodStart = first!.lines[0]!.periodStart!.getTime();
    const periodEnd = first!.lines[0]!.periodEnd!.getTime();
    const fraction = (periodEnd - unused!.periodStart!.getTime()) / (periodEnd - periodStart);
    expect(fraction).toBeGreaterThan(0.6);
    expect(fraction).toBeLessThan(0.7);
    expect(unused!.amount).toBe(-Math.round(3000 * fraction));
    expect(remaining!.amount).toBe(Math.round(5000 * fraction));
    expect(cycle).toMatchObject({ amount: 5000, description: '1 × Pro (monthly) (at $50.00 / month)' });
    expect(invoice!.total).toBe(unused!.amount + remaining!.amount + 5000);
    expect(list.invoices[0]!.amountCents).toBe(invoice!.total);
    expect(invoice!.total).toBe(preview.amountCents);
  }, 90_000);

  it('is refused in production and for an organization without a billing account', async () => {
    const none = await h.svc.app.inject({
      method: 'POST',
      url: '/internal/billing/test-clock/advance',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
      payload: { orgId: org(9), days: 1 },
    });
    expect(none.statusCode).toBe(404);
    const anonymous = await h.svc.app.inject({
      method: 'POST',
      url: '/internal/billing/test-clock/advance',
      headers: h.headersFor(org(1)),
      payload: { orgId: org(1), days: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const { isTestClockAllowed } = await import('./advance-test-clock.js');
    expect(isTestClockAllowed(h.svc.deps.config)).toBe(true);
    expect(isTestClockAllowed({ ...h.svc.deps.config, NODE_ENV: 'production' })).toBe(false);
  });
});

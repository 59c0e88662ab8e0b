import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';

/**
 * Stripe delivers webhooks at least once and in no particular order. Property: the same event set, with
 * duplicates, in any order, leaves the same billing state (the handlers re-read the subscription from Stripe
 * and record each event id once). fast-check draws 20 orders; each runs against a fresh organization.
 */
let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.stop();
});

const stateOf = async (orgId: number) => {
  const answer = await h.svc.app.inject({
    method: 'GET',
    url: '/api/stripe/subscription',
    headers: h.headersFor(orgId),
  });
  expect(answer.statusCode).toBe(200);
  const { plan, billingCycle, status, cancelAtPeriodEnd, seats } = answer.json() as Record<string, unknown>;
  return { plan, billingCycle, status, cancelAtPeriodEnd, seats };
};

/** One organization's history at Stripe, as the events Stripe would send for it (built at each step). */
async function historyOf(orgId: number) {
  const sessionId = await h.startCheckout(orgId, 'basic', 'monthly');
  const session = h.stripe.completeCheckout(sessionId);
  const subscriptionId = String(session.subscription);
  const sub = h.stripe.subscriptions.get(subscriptionId)!;
  const invoice = (type: string) =>
    h.stripe.event(type, {
      id: `in_order_${orgId}`,
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
  const events = [h.stripe.event('checkout.session.completed', session)];
  const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
  item.price = { id: 'price_pro_monthly', object: 'price' };
  events.push(h.stripe.event('customer.subscription.updated', sub));
  sub.status = 'past_due';
  events.push(invoice('invoice.payment_failed'));
  sub.status = 'active';
  events.push(invoice('invoice.paid'));
  sub.cancel_at_period_end = true;
  events.push(h.stripe.event('customer.subscription.updated', sub));
  return events;
}

const EVENTS = 5;
/** Every event at least once, up to five duplicates, shuffled. */
const deliveries = fc.array(fc.integer({ min: 0, max: EVENTS - 1 }), { maxLength: 5 }).chain((duplicates) => {
  const all = [...Array.from({ length: EVENTS }, (_, i) => i), ...duplicates];
  return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
});

describe('Stripe webhooks in any order', () => {
  it('the same event set, replayed with duplicates in 20 random orders, leaves the same state', async () => {
    const inOrder = 900;
    for (const event of await historyOf(inOrder)) expect((await h.postWebhook(event)).statusCode).toBe(200);
    const expected = await stateOf(inOrder);
    expect(expected).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: true });

    let orgId = 901;
    await fc.assert(
      fc.asyncProperty(deliveries, async (order) => {
        const org = orgId++;
        const events = await historyOf(org);
        for (const index of order) expect((await h.postWebhook(events[index]!)).statusCode).toBe(200);
        expect(await stateOf(org)).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});

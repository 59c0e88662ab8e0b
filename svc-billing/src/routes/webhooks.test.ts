import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.stop();
});

const subscriptionOf = async (orgId: number) =>
  (
    await h.svc.app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: h.headersFor(orgId) })
  ).json();

const handledEvents = async () =>
  (await h.svc.ctx.orm.em.fork().getConnection().execute('select id from payment_events')) as {
    id: string;
  }[];

describe('POST /webhooks/stripe', () => {
  it('handles checkout completed: the trialing Pro annual subscription is recorded and published with its deck limit', async () => {
    const { subscriptionId } = await h.subscribe(31, 'pro', 'annual');
    const events = await h.bus.waitForEvents(Topics.subscriptionChanged, 31);
    expect(events[0]!.data).toMatchObject({
      orgId: 31,
      plan: 'pro',
      billingCycle: 'annual',
      status: 'trialing',
      seats: 1,
      cancelAtPeriodEnd: false,
      stripeSubscriptionId: subscriptionId,
      monthlyDeckLimit: 200,
    });
    const trialEndsAt = new Date(events[0]!.data.trialEndsAt!).getTime();
    expect(Math.abs(trialEndsAt - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
  });

  it('handles the same event id twice once', async () => {
    const { subscriptionId } = await h.subscribe(32, 'basic', 'monthly');
    await h.bus.waitForEvents(Topics.subscriptionChanged, 32);
    const sub = h.stripe.subscriptions.get(subscriptionId)!;
    sub.cancel_at_period_end = true;
    const event = h.stripe.event('customer.subscription.updated', sub);
    const retrievesBefore = h.stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;
    expect((await h.postWebhook(event)).statusCode).toBe(200);
    expect((await h.postWebhook(event)).statusCode).toBe(200);
    await h.bus.waitForEvents(Topics.subscriptionChanged, 32, 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(h.bus.of(Topics.subscriptionChanged, 32)).toHaveLength(2);
    expect(h.stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length).toBe(
      retrievesBefore + 1,
    );
    expect((await subscriptionOf(32)).cancelAtPeriodEnd).toBe(true);
  });

  it('publishes nothing when a new event finds nothing changed at Stripe', async () => {
    const { subscriptionId } = await h.subscribe(35, 'basic', 'monthly');
    await h.bus.waitForEvents(Topics.subscriptionChanged, 35);
    const sub = h.stripe.subscriptions.get(subscriptionId)!;
    for (let i = 0; i < 3; i++)
      expect((await h.postWebhook(h.stripe.event('customer.subscription.updated', sub))).statusCode).toBe(
        200,
      );
    const pending = await h.query<{ n: number }>('select count(*)::int as n from kit_outbox');
    await new Promise((r) => setTimeout(r, 500));
    expect(pending[0]!.n).toBe(0);
    expect(h.bus.of(Topics.subscriptionChanged, 35)).toHaveLength(1);
  });

  it('leaves the current state when events arrive out of order (re-reads the subscription from Stripe)', async () => {
    const { subscriptionId } = await h.subscribe(33, 'basic', 'monthly');
    const sub = h.stripe.subscriptions.get(subscriptionId)!;
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    // Stripe state moves: upgraded to Pro, then canceled at period end. Events are built at each step.
    item.price = { id: 'price_pro_monthly', object: 'price' };
    const upgraded = h.stripe.event('customer.subscription.updated', sub);
    sub.cancel_at_period_end = true;
    const canceled = h.stripe.event('customer.subscription.updated', sub);
    // Deliver the newer first, then the older one.
    await h.postWebhook(canceled);
    await h.postWebhook(upgraded);
    expect(await subscriptionOf(33)).toMatchObject({
      plan: 'pro',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: true,
    });

    // An invoice.paid that arrives after the subscription was deleted does not resurrect it.
    Object.assign(sub, { status: 'canceled' });
    await h.postWebhook(h.stripe.event('customer.subscription.deleted', sub));
    const lateInvoice = h.stripe.event('invoice.paid', {
      id: 'in_test_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
    await h.postWebhook(lateInvoice);
    expect(await subscriptionOf(33)).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('follows invoice.payment_failed, invoice.paid and trial_will_end by re-reading the subscription', async () => {
    const { subscriptionId } = await h.subscribe(34, 'pro', 'monthly');
    const sub = h.stripe.subscriptions.get(subscriptionId)!;
    const invoice = (status: string) =>
      h.stripe.event(status, {
        id: 'in_test_34',
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      });
    expect(
      (await h.postWebhook(h.stripe.event('customer.subscription.trial_will_end', sub))).statusCode,
    ).toBe(200);
    sub.status = 'past_due';
    expect((await h.postWebhook(invoice('invoice.payment_failed'))).statusCode).toBe(200);
    expect((await subscriptionOf(34)).status).toBe('past_due');
    sub.status = 'active';
    expect((await h.postWebhook(invoice('invoice.paid'))).statusCode).toBe(200);
    expect(await subscriptionOf(34)).toMatchObject({ status: 'active', plan: 'pro' });
    const statuses = (await h.bus.waitForEvents(Topics.subscriptionChanged, 34, 3)).map((e) => e.data.status);
    expect(statuses).toEqual(['trialing', 'past_due', 'active']);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const before = await handledEvents();
    const event = h.stripe.event('customer.subscription.updated', {
      id: 'sub_test_forged',
      object: 'subscription',
    });
    const forged = await h.postWebhook(event, { secret: 'whsec_not_the_secret' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Webhook signature verification failed');
    const garbage = await h.postWebhook(event, { signature: 't=1,v1=deadbeef' });
    expect(garbage.statusCode).toBe(400);
    const none = await h.svc.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(await handledEvents()).toEqual(before);
  });

  it('refuses a signature older than 300 s (replay) with 400', async () => {
    const before = await handledEvents();
    const event = h.stripe.event('customer.subscription.updated', {
      id: 'sub_test_stale',
      object: 'subscription',
    });
    const stale = await h.postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const fresh = await h.postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(fresh.statusCode).toBe(200);
    expect((await handledEvents()).length).toBe(before.length + 1);
  });
});

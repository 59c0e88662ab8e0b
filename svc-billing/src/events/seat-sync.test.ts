import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Topics } from '@dealflow/contracts';
import { handleEvent } from '@dealflow/service-kit';
import { createTestEventBus, waitFor } from '@dealflow/service-kit/testing';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';
import { createConsumers } from './index.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.stop();
});

const quantityAtStripe = (subscriptionId: string) =>
  Number(
    (h.stripe.subscriptions.get(subscriptionId)!.items as { data: { quantity: number }[] }).data[0]!.quantity,
  );

const seatUpdates = (subscriptionId: string) =>
  h.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).filter((r) => r.params.items);

const member = (orgId: number, userId: number, memberCount: number) => ({
  orgId,
  userId,
  email: `user${userId}@fund.example`,
  name: `User ${userId}`,
  role: 'member' as const,
  memberCount,
});

describe('seat sync', () => {
  it('raises and lowers the Stripe quantity with proration; a redelivered event changes nothing', async () => {
    const { subscriptionId } = await h.subscribe(41);
    const added = await h.bus.publish(Topics.memberAdded, member(41, 2, 2));
    await waitFor(() => quantityAtStripe(subscriptionId) === 2);
    const [update] = seatUpdates(subscriptionId);
    expect(update!.params).toEqual({
      items: [{ id: expect.stringMatching(/^si_/), quantity: '2' }],
      proration_behavior: 'create_prorations',
    });
    expect(update!.idempotencyKey).toBe(`seats-${subscriptionId}-${added.id}`);
    await waitFor(
      async () => (await h.bus.waitForEvents(Topics.subscriptionChanged, 41, 2)).at(-1)!.data.seats === 2,
    );
    expect(h.bus.of(Topics.subscriptionChanged, 41).at(-1)!.data.monthlyDeckLimit).toBe(400);

    // Redelivery of the very same event, and a repeat of the same count under a new id: no Stripe call.
    await h.bus.publish(Topics.memberAdded, member(41, 2, 2), { id: added.id });
    await h.bus.publish(Topics.memberAdded, member(41, 2, 2));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seatUpdates(subscriptionId)).toHaveLength(1);

    await h.bus.publish(Topics.memberRemoved, { orgId: 41, userId: 2, memberCount: 1 });
    await waitFor(() => quantityAtStripe(subscriptionId) === 1);
    const subscription = await h.svc.app.inject({
      method: 'GET',
      url: '/api/stripe/subscription',
      headers: h.headersFor(41),
    });
    await waitFor(
      async () =>
        (
          await h.svc.app.inject({
            method: 'GET',
            url: '/api/stripe/subscription',
            headers: h.headersFor(41),
          })
        ).json().seats === 1,
    );
    expect(subscription.statusCode).toBe(200);
    expect(seatUpdates(subscriptionId)).toHaveLength(2);
  });

  it('bills a member who joined while the checkout was open from the start', async () => {
    const sessionId = await h.startCheckout(44);
    await h.bus.publish(Topics.memberAdded, member(44, 5, 2));
    await waitFor(async () => {
      const rows = (await h.svc.ctx.orm.em
        .fork()
        .getConnection()
        .execute('select member_count from organizations where id = 44')) as { member_count: number }[];
      return rows[0]?.member_count === 2;
    });
    const session = h.stripe.completeCheckout(sessionId); // created with quantity 1
    expect((await h.postWebhook(h.stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    expect(quantityAtStripe(String(session.subscription))).toBe(2);
    const sub = await h.svc.app.inject({
      method: 'GET',
      url: '/api/stripe/subscription',
      headers: h.headersFor(44),
    });
    expect(sub.json().seats).toBe(2);
  });

  it('keeps the change when the broker is down: Stripe is updated and the event is delivered after it returns', async () => {
    const { subscriptionId } = await h.subscribe(42);
    await h.bus.waitForEvents(Topics.subscriptionChanged, 42);
    await h.broker.stop();
    // identity's member.added reaches billing's handler (as it would on redelivery) while the broker is down.
    const memberAdded = createConsumers(h.svc.deps).find((c) => c.topic === Topics.memberAdded)!;
    const envelope = {
      id: randomUUID(),
      type: Topics.memberAdded,
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: '42',
      data: member(42, 3, 2),
    };
    const outcome = await handleEvent(h.svc.ctx.orm, 'billing', memberAdded, JSON.stringify(envelope), {
      logger: h.svc.ctx.logger,
      producer: null,
    });
    expect(outcome).toBe('handled');
    expect(quantityAtStripe(subscriptionId)).toBe(2);
    const pending = async () =>
      (await h.svc.ctx.orm.em
        .fork()
        .getConnection()
        .execute(`select count(*)::int as n from kit_outbox where topic = ?`, [
          Topics.subscriptionChanged,
        ])) as { n: number }[];
    await new Promise((r) => setTimeout(r, 500));
    expect((await pending())[0]!.n).toBe(1);

    await h.broker.restart();
    await waitFor(async () => (await pending())[0]!.n === 0, { timeoutMs: 30_000 });
    const after = await createTestEventBus(h.broker.brokers);
    await after.listen([Topics.subscriptionChanged]);
    try {
      const [event] = await after.waitForEvents(Topics.subscriptionChanged, 42, 1, 30_000);
      expect(event!.data).toMatchObject({ orgId: 42, seats: 2 });
    } finally {
      await after.stop();
    }
  });
});

describe('organization and user clean-up', () => {
  it('cancels the subscription at Stripe when the organization is deleted, and forgets its members', async () => {
    const { subscriptionId } = await h.subscribe(43);
    await h.bus.publish(Topics.memberAdded, member(43, 9, 2));
    await waitFor(() => quantityAtStripe(subscriptionId) === 2);
    await h.bus.publish(Topics.userDeleted, { userId: 9, orgId: 43 });
    await h.bus.publish(Topics.organizationDeleted, { orgId: 43 });
    await waitFor(() => h.stripe.subscriptions.get(subscriptionId)!.status === 'canceled');
    const [cancel] = h.stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`);
    expect(cancel!.idempotencyKey).toBe('cancel-org-43');
    // The cancel reaches Stripe inside the consumer's transaction: the members go when it commits.
    const members = () => h.query<{ n: number }>('select count(*)::int as n from members where org_id = 43');
    await waitFor(async () => (await members())[0]!.n === 0);
    expect((await members())[0]!.n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { handleEvent } from '@dealflow/service-kit';
import { createTestEventBus, waitFor } from '@dealflow/service-kit/testing';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';
import { createConsumers } from './index.js';
import { reconcileSeats } from '../use-cases/reconcile-seats.js';
import { createIdentityClient } from '../providers/identity-client.js';

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

/** An identity event handed to billing's consumer straight away (no broker): its outcome. */
const deliver = async <
  T extends typeof Topics.memberAdded | typeof Topics.memberRemoved | typeof Topics.userDeleted,
>(
  topic: T,
  data: TEventPayload<T>,
) => {
  const consumer = createConsumers(h.svc.deps).find((c) => c.topic === topic)!;
  const envelope = {
    id: randomUUID(),
    type: topic,
    version: 1,
    occurredAt: new Date().toISOString(),
    orgId: String(data.orgId ?? 0),
    data,
  };
  return handleEvent(h.svc.ctx.orm, 'billing', consumer, JSON.stringify(envelope), {
    logger: h.svc.ctx.logger,
    producer: null,
  });
};

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
    expect(await deliver(Topics.memberAdded, member(42, 3, 2))).toBe('handled');
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

describe('member counts in the order identity made them (membership versions)', () => {
  const held = async (orgId: number) =>
    (
      (await h.svc.ctx.orm.em
        .fork()
        .getConnection()
        .execute('select member_count, member_count_version, seats from organizations where id = ?', [
          orgId,
        ])) as { member_count: number; member_count_version: number; seats: number }[]
    )[0];

  it('a member.added applied after a later member.removed (parked, then retried) does not bring its count back', async () => {
    const { subscriptionId } = await h.subscribe(46);
    expect(await deliver(Topics.memberAdded, { ...member(46, 7, 2), membershipVersion: 2 })).toBe('handled');
    expect(quantityAtStripe(subscriptionId)).toBe(2);
    // Version 3 (a second member) was parked by a failure; version 4 (a removal) went through first.
    expect(
      await deliver(Topics.memberRemoved, { orgId: 46, userId: 7, memberCount: 2, membershipVersion: 4 }),
    ).toBe('handled');
    expect(await deliver(Topics.memberAdded, { ...member(46, 8, 3), membershipVersion: 3 })).toBe('handled');
    expect(await held(46)).toEqual({ member_count: 2, member_count_version: 4, seats: 2 });
    expect(quantityAtStripe(subscriptionId)).toBe(2);
    expect(seatUpdates(subscriptionId)).toHaveLength(1);
  });

  it('a member.added applied after identity.user.deleted does not bring the deleted person back', async () => {
    expect(await deliver(Topics.userDeleted, { userId: 11, orgId: 51 })).toBe('handled');
    // The person's member.added, parked before the deletion, is retried after it.
    expect(await deliver(Topics.memberAdded, { ...member(51, 11, 2), membershipVersion: 2 })).toBe('handled');
    expect(await h.query('select user_id from members where user_id = 11')).toEqual([]);
    // Someone else joins as usual.
    expect(await deliver(Topics.memberAdded, { ...member(51, 12, 2), membershipVersion: 3 })).toBe('handled');
    expect(await h.query('select user_id, email from members where org_id = 51')).toEqual([
      { user_id: 12, email: 'user12@fund.example' },
    ]);
  });

  it('organization.created arriving after member events keeps their newer count', async () => {
    expect(await deliver(Topics.memberAdded, { ...member(48, 9, 2), membershipVersion: 2 })).toBe('handled');
    await h.bus.publish(Topics.organizationCreated, {
      orgId: 48,
      name: 'Late Capital',
      ownerId: 10,
      ownerEmail: 'owner10@fund.example',
      ownerName: 'Owner Ten',
      plan: 'pro',
      billingCycle: 'monthly',
      memberCount: 1,
      membershipVersion: 1,
    });
    await waitFor(async () => (await held(48)) !== undefined && (await orgName(48)) === 'Late Capital');
    expect(await held(48)).toMatchObject({ member_count: 2, member_count_version: 2 });
  });
  const orgName = async (orgId: number) =>
    (
      (await h.svc.ctx.orm.em
        .fork()
        .getConnection()
        .execute('select name from organizations where id = ?', [orgId])) as { name: string }[]
    )[0]?.name;

  it('reconciles with identity: a count whose version billing never got is applied and billed, once', async () => {
    const { subscriptionId } = await h.subscribe(47);
    const before = await held(47);
    // Identity made three changes billing never heard of (the broker lost them), and knows two more organizations.
    h.identity.memberships.clear();
    h.identity.memberships.set(47, {
      memberCount: 4,
      membershipVersion: (before!.member_count_version || 1) + 3,
    });
    h.identity.memberships.set(49, { memberCount: 2, membershipVersion: 2 });
    h.identity.memberships.set(50, { memberCount: 1, membershipVersion: 1 });
    const first = await reconcileSeats(h.svc.ctx.orm.em.fork(), { pageSize: 2 }, h.svc.deps);
    expect(first).toEqual({ checked: 3, reconciled: 3, failed: 0 });
    expect(quantityAtStripe(subscriptionId)).toBe(4);
    expect(await held(47)).toMatchObject({ member_count: 4, seats: 4 });
    expect(await held(49)).toMatchObject({ member_count: 2, member_count_version: 2 });

    // Nothing more to do: a second pass changes nothing and calls Stripe no more.
    const updates = seatUpdates(subscriptionId).length;
    expect(await reconcileSeats(h.svc.ctx.orm.em.fork(), { pageSize: 2 }, h.svc.deps)).toEqual({
      checked: 3,
      reconciled: 0,
      failed: 0,
    });
    expect(seatUpdates(subscriptionId)).toHaveLength(updates);

    // The lost event, delivered late after all, is older than what billing now holds.
    const version = (await held(47))!.member_count_version;
    expect(
      await deliver(Topics.memberRemoved, {
        orgId: 47,
        userId: 3,
        memberCount: 3,
        membershipVersion: version - 1,
      }),
    ).toBe('handled');
    expect(quantityAtStripe(subscriptionId)).toBe(4);
  });

  it('an organization the provider refuses does not stop the pass: the others are reconciled', async () => {
    await h.query(
      `insert into organizations (id, stripe_subscription_id, status, plan, seats, member_count)
       values (52, 'sub_unknown_to_stripe', 'active', 'pro', 1, 1)`,
    );
    h.identity.memberships.clear();
    h.identity.memberships.set(52, { memberCount: 3, membershipVersion: 2 });
    h.identity.memberships.set(53, { memberCount: 2, membershipVersion: 2 });
    expect(await reconcileSeats(h.svc.ctx.orm.em.fork(), {}, h.svc.deps)).toEqual({
      checked: 2,
      reconciled: 1,
      failed: 1,
    });
    // 52's transaction rolled back (count and version too): the next pass tries it again.
    expect(await held(52)).toEqual({ member_count: 1, member_count_version: 0, seats: 1 });
    expect(await held(53)).toMatchObject({ member_count: 2, member_count_version: 2 });
  });

  it('a reconciliation pass that cannot reach identity fails without changing anything', async () => {
    const unreachable = createIdentityClient({
      urls: ['http://127.0.0.1:9'],
      internalToken: 'x'.repeat(32),
      healthIntervalMs: 0,
      timeoutMs: 1000,
    });
    const before = await held(47);
    try {
      await expect(
        reconcileSeats(h.svc.ctx.orm.em.fork(), {}, { ...h.svc.deps, identity: unreachable }),
      ).rejects.toMatchObject({ code: 'IDENTITY_UNAVAILABLE' });
    } finally {
      await unreachable.close();
    }
    expect(await held(47)).toEqual(before);
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

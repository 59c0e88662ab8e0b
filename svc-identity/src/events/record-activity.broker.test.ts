import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TActivityEntry, type TEventPayload } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner, type TSignedIn } from '../test/factories/user.factory.js';

let h: TIdentityTest;

beforeAll(async () => {
  // The kit's broker and event bus: the bus plays billing and ingest.
  h = await startIdentity({}, { broker: true });
}, 90_000);
afterAll(async () => {
  await h?.stop();
});

const bus = () => {
  if (!h.bus) throw new Error('started without a broker');
  return h.bus;
};

const activity = async (owner: TSignedIn, query = '') => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/organization/activity${query}`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: TActivityEntry[] }>().entries;
};

const subscription = (
  orgId: number,
  change: Partial<TEventPayload<typeof Topics.subscriptionChanged>> = {},
): TEventPayload<typeof Topics.subscriptionChanged> => ({
  orgId,
  plan: 'pro',
  billingCycle: 'monthly',
  status: 'trialing',
  seats: 1,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  stripeCustomerId: 'cus_activity',
  stripeSubscriptionId: 'sub_activity',
  monthlyDeckLimit: 200,
  ...change,
});

describe("other services' events in the activity log (through the broker)", () => {
  it('billing.subscription.changed records plan, seat and status changes once, in the right organization', async () => {
    const owner = await registerOwner(h);
    const other = await registerOwner(h);
    const orgId = owner.organization!.id;
    const first = await bus().publish(Topics.subscriptionChanged, subscription(orgId), { orgId });
    await waitFor(async () => (await activity(owner, '?category=billing')).length >= 2, {
      timeoutMs: 30_000,
    });
    // Seats change (a member joined), the trial converts; then the first event is delivered again.
    await bus().publish(Topics.subscriptionChanged, subscription(orgId, { seats: 2, status: 'active' }), {
      orgId,
    });
    await bus().publish(Topics.subscriptionChanged, subscription(orgId), { orgId, id: first.id });
    // A marker behind them on the same key: once it is applied, the redelivery has been handled too.
    await bus().publish(Topics.subscriptionChanged, subscription(other.organization!.id, { plan: 'basic' }), {
      orgId,
    });
    await waitFor(async () => (await activity(other, '?category=billing')).length >= 1, {
      timeoutMs: 30_000,
    });

    const billing = await activity(owner, '?category=billing');
    expect(billing.map((e) => e.action).sort()).toEqual([
      'plan_changed',
      'seats_changed',
      'subscription_status_changed',
      'subscription_status_changed',
    ]);
    expect(billing.find((e) => e.action === 'plan_changed')).toMatchObject({
      description: 'Plan changed from free to pro (monthly)',
      actor: { userId: null },
      target: { type: 'organization', id: String(orgId) },
      details: { from: { plan: 'free' }, to: { plan: 'pro', billingCycle: 'monthly' } },
    });
    expect(billing.find((e) => e.action === 'seats_changed')?.details).toEqual({ from: 1, to: 2 });
    expect(
      (await activity(other, '?category=billing')).every(
        (e) => e.target?.id === String(other.organization!.id),
      ),
    ).toBe(true);
  }, 90_000);

  it('billing.purchase.completed and ingest.integration.changed are recorded with their member', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const orgId = owner.organization!.id;
    await bus().publish(
      Topics.purchaseCompleted,
      {
        orgId,
        userId: owner.user.id,
        checkoutSessionId: 'cs_activity_1',
        amountTotal: 4900,
        currency: 'usd',
      },
      { orgId },
    );
    await bus().publish(
      Topics.integrationChanged,
      {
        orgId,
        userId: member.user.id,
        change: 'mailbox_connected',
        details: { host: 'imap.fund.test', username: 'deals@fund.test' },
        changedAt: new Date().toISOString(),
      },
      { orgId },
    );
    await bus().publish(
      Topics.integrationChanged,
      {
        orgId,
        userId: owner.user.id,
        change: 'webhook_secret_rotated',
        details: {},
        changedAt: new Date().toISOString(),
      },
      { orgId },
    );
    // Issue 20: revealing the webhook secret is logged too (the event carries no secret).
    await bus().publish(
      Topics.integrationChanged,
      {
        orgId,
        userId: owner.user.id,
        change: 'webhook_secret_revealed',
        details: {},
        changedAt: new Date().toISOString(),
      },
      { orgId },
    );
    // Issue 22: a deleted record and a blocked sender (ingest's inbox) are logged with who did it.
    for (const [change, details] of [
      ['record_deleted', { emailId: 7, fromEmail: 'spam@junk.test', subject: 'Win big' }],
      ['sender_blocked', { kind: 'domain', value: 'junk.test' }],
    ] as const)
      await bus().publish(
        Topics.integrationChanged,
        { orgId, userId: owner.user.id, change, details, changedAt: new Date().toISOString() },
        { orgId },
      );
    const entries = await waitFor(
      async () => {
        const all = await activity(owner);
        const wanted = [
          'purchase_completed',
          'mailbox_connected',
          'webhook_secret_rotated',
          'webhook_secret_revealed',
          'record_deleted',
          'sender_blocked',
        ];
        return wanted.every((a) => all.some((e) => e.action === a)) ? all : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(entries?.find((e) => e.action === 'purchase_completed')).toMatchObject({
      category: 'billing',
      description: `${owner.user.name} completed a purchase of $49.00`,
      actor: { userId: owner.user.id, email: owner.user.email },
    });
    expect(entries?.find((e) => e.action === 'mailbox_connected')).toMatchObject({
      category: 'integrations',
      actor: { userId: member.user.id, email: member.user.email },
      details: { host: 'imap.fund.test', username: 'deals@fund.test' },
    });
    expect(entries?.find((e) => e.action === 'webhook_secret_revealed')).toMatchObject({
      category: 'integrations',
      description: `${owner.user.name} revealed the inbound webhook secret`,
      actor: { userId: owner.user.id },
    });
    expect(entries?.find((e) => e.action === 'record_deleted')).toMatchObject({
      description: `${owner.user.name} deleted a record`,
      actor: { userId: owner.user.id },
    });
    expect(entries?.find((e) => e.action === 'sender_blocked')).toMatchObject({
      description: `${owner.user.name} blocked a sender`,
    });
    const integrations = await activity(owner, '?category=integrations');
    expect(integrations.map((e) => e.action).sort()).toEqual([
      'mailbox_connected',
      'record_deleted',
      'sender_blocked',
      'webhook_secret_revealed',
      'webhook_secret_rotated',
    ]);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner, registerUser } from '../test/factories/user.factory.js';

let h: TIdentityTest;

beforeAll(async () => {
  // The kit's broker and event bus: the bus plays billing, and collects what identity publishes.
  h = await startIdentity({}, { broker: true, collect: [Topics.memberAdded] });
}, 90_000);

afterAll(async () => {
  await h?.stop();
});

const bus = () => {
  if (!h.bus) throw new Error('started without a broker');
  return h.bus;
};

const organizationRow = async (id: number) => {
  const rows: {
    plan: string;
    subscription_status: string | null;
    subscription_quantity: number;
    trial_ends_at: Date | null;
    billing_cycle: string | null;
    stripe_customer_id: string | null;
  }[] = await h.svc.ctx.orm.em.getConnection().execute('select * from organizations where id = ?', [id]);
  return rows[0];
};

describe('events over the broker', () => {
  it('identity.member.added reaches a kafkajs consumer with the member count after the change', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const orgId = owner.organization!.id;
    const events = await bus().waitForEvents(Topics.memberAdded, orgId, 1, 30_000);
    const event = events.find((e) => e.data.userId === member.user.id);
    expect(event?.orgId).toBe(String(orgId));
    expect(event?.data).toMatchObject({
      orgId: owner.organization?.id,
      email: member.user.email,
      role: 'member',
      memberCount: 2,
    });
  }, 40_000);

  it('billing.subscription.changed is kept on the organization of /api/auth/me, and a redelivery is applied once', async () => {
    const owner = await registerOwner(h);
    const other = await registerOwner(h);
    const orgId = owner.organization!.id;
    const trialEndsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const change: TEventPayload<typeof Topics.subscriptionChanged> = {
      orgId,
      plan: 'pro',
      billingCycle: 'annual',
      status: 'trialing',
      seats: 2,
      trialEndsAt,
      currentPeriodEnd: trialEndsAt,
      cancelAtPeriodEnd: false,
      stripeCustomerId: 'cus_test_1',
      stripeSubscriptionId: 'sub_test_1',
      monthlyDeckLimit: 400,
    };
    const first = await bus().publish(Topics.subscriptionChanged, change, { orgId });
    await waitFor(async () => (await organizationRow(orgId))?.subscription_status === 'trialing', {
      timeoutMs: 30_000,
    });
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.auth });
    expect(me.json().organization).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'trialing',
      subscriptionQuantity: 2,
      billingCycle: 'annual',
      trialEndsAt,
      stripeCustomerId: 'cus_test_1',
      stripeSubscriptionId: 'sub_test_1',
    });

    // A later change happens; then the first event is delivered again, followed (same key, same partition) by a marker event.
    await h.svc.ctx.orm.em
      .getConnection()
      .execute('update organizations set subscription_quantity = 7 where id = ?', [orgId]);
    await bus().publish(Topics.subscriptionChanged, change, { orgId, id: first.id });
    const otherId = other.organization!.id;
    // Keyed by the first organization (the bus keys by `orgId`), so it queues behind the redelivery.
    await bus().publish(
      Topics.subscriptionChanged,
      { ...change, orgId: otherId, status: 'active', seats: 1 },
      { orgId },
    );
    await waitFor(async () => (await organizationRow(otherId))?.subscription_status === 'active', {
      timeoutMs: 30_000,
    });
    expect((await organizationRow(orgId))?.subscription_quantity).toBe(7);
  }, 60_000);

  it('billing.purchase.completed sets digitalProductAccess, which update-access then reports', async () => {
    const buyer = await registerUser(h);
    await bus().publish(
      Topics.purchaseCompleted,
      {
        orgId: null,
        userId: buyer.user.id,
        checkoutSessionId: 'cs_test_123',
        amountTotal: 5000,
        currency: 'usd',
      },
      { orgId: 0 },
    );
    const res = await waitFor(
      async () => {
        const r = await h.app.inject({
          method: 'POST',
          url: '/api/auth/update-access',
          headers: buyer.auth,
          payload: { digitalProductAccess: true },
        });
        return r.json().success === true ? r : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(res?.json().user.digitalProductAccess).toBe(true);
  }, 40_000);
});

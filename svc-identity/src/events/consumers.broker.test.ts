import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { startTestBroker, waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner, registerUser } from '../test/factories/user.factory.js';

let broker: Awaited<ReturnType<typeof startTestBroker>>;
let h: TIdentityTest;
let kafka: Kafka;
let producer: Producer;
let consumer: Consumer;
const memberAdded: { key: string; data: TEventPayload<typeof Topics.memberAdded> }[] = [];

beforeAll(async () => {
  broker = await startTestBroker();
  h = await startIdentity({ KAFKA_BROKERS: broker.brokers, OUTBOX_POLL_MS: '50' });
  await h.svc.startWorkers();
  kafka = new Kafka({
    clientId: 'identity-test',
    brokers: broker.brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  producer = kafka.producer();
  await producer.connect();
  consumer = kafka.consumer({ groupId: `billing-stand-in-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: Topics.memberAdded, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const envelope = JSON.parse(message.value?.toString() ?? '{}');
      memberAdded.push({ key: message.key?.toString() ?? '', data: envelope.data });
    },
  });
}, 90_000);

afterAll(async () => {
  await consumer?.disconnect().catch(() => undefined);
  await producer?.disconnect().catch(() => undefined);
  await h?.stop();
  await broker?.stop();
});

const envelope = <T extends (typeof Topics)[keyof typeof Topics]>(
  topic: T,
  orgId: number,
  data: TEventPayload<T>,
  id = randomUUID(),
) => ({
  id,
  type: topic,
  version: 1,
  occurredAt: new Date().toISOString(),
  orgId: String(orgId),
  data,
});

const sendRaw = (topic: string, key: string, value: object) =>
  producer.send({ topic, messages: [{ key, value: JSON.stringify(value) }] });

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
    const event = await waitFor(() => memberAdded.find((e) => e.data.userId === member.user.id), {
      timeoutMs: 30_000,
    });
    expect(event?.key).toBe(String(owner.organization?.id));
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
    const change = envelope(Topics.subscriptionChanged, orgId, {
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
    });
    await sendRaw(Topics.subscriptionChanged, String(orgId), change);
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
    await sendRaw(Topics.subscriptionChanged, String(orgId), change);
    const otherId = other.organization!.id;
    await sendRaw(
      Topics.subscriptionChanged,
      String(orgId),
      envelope(Topics.subscriptionChanged, otherId, {
        ...change.data,
        orgId: otherId,
        status: 'active',
        seats: 1,
      }),
    );
    await waitFor(async () => (await organizationRow(otherId))?.subscription_status === 'active', {
      timeoutMs: 30_000,
    });
    expect((await organizationRow(orgId))?.subscription_quantity).toBe(7);
  }, 60_000);

  it('billing.purchase.completed sets digitalProductAccess, which update-access then reports', async () => {
    const buyer = await registerUser(h);
    await sendRaw(
      Topics.purchaseCompleted,
      '0',
      envelope(Topics.purchaseCompleted, 0, {
        orgId: null,
        userId: buyer.user.id,
        checkoutSessionId: 'cs_test_123',
        amountTotal: 5000,
        currency: 'usd',
      }),
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

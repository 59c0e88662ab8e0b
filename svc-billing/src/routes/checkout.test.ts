import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { PUBLIC_URL, startBilling, type BillingHarness } from '../../test/start-billing.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.stop();
});

describe('POST /api/stripe/checkout (subscription)', () => {
  it('creates the customer once and a trial subscription checkout with the exact Stripe parameters', async () => {
    await h.bus.publish(Topics.organizationCreated, {
      orgId: 11,
      name: 'Acme Ventures',
      ownerId: 1,
      ownerEmail: 'user1@fund.example',
      ownerName: 'User 1',
      plan: 'free',
      billingCycle: null,
      memberCount: 1,
    });
    await h.bus.publish(Topics.memberAdded, {
      orgId: 11,
      userId: 2,
      email: 'b@fund.example',
      name: 'B',
      role: 'member',
      memberCount: 2,
    });
    await h.bus.publish(Topics.memberAdded, {
      orgId: 11,
      userId: 3,
      email: 'c@fund.example',
      name: 'C',
      role: 'member',
      memberCount: 3,
    });
    // The read model has the three members once identity's events are in.
    await expect
      .poll(
        async () =>
          (
            await h.svc.app.inject({
              method: 'GET',
              url: '/api/stripe/subscription',
              headers: h.headersFor(11),
            })
          ).json().seats,
        { timeout: 15_000 },
      )
      .toBe(3);

    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: h.headersFor(11),
      payload: { plan: 'pro', billingCycle: 'annual' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { url: string; sessionId: string };
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const [customer] = h.stripe.requestsTo('POST', '/v1/customers');
    expect(customer!.params).toMatchObject({
      email: 'user1@fund.example',
      name: 'Acme Ventures',
      metadata: { orgId: '11' },
    });
    expect(customer!.idempotencyKey).toBe('customer-org-11');

    const [create] = h.stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create!.params).toEqual({
      mode: 'subscription',
      customer: h.stripe.customers.keys().next().value,
      line_items: [{ price: 'price_pro_annual', quantity: '3' }],
      subscription_data: {
        trial_period_days: '7',
        metadata: { orgId: '11', userId: '1', plan: 'pro', billingCycle: 'annual' },
      },
      payment_method_collection: 'always',
      success_url: `${PUBLIC_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/billing`,
      client_reference_id: '11',
      metadata: { orgId: '11', userId: '1', plan: 'pro', billingCycle: 'annual' },
    });
    expect(create!.idempotencyKey).toMatch(/^checkout-sub-11-1-pro-annual-q3-\d+$/);

    // A second checkout reuses the organization's customer.
    await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: h.headersFor(11),
      payload: { plan: 'basic', billingCycle: 'monthly' },
    });
    expect(h.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
  });

  it('with no body starts the one-time $50 purchase in payment mode', async () => {
    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: h.headersFor(12, 'member', 5),
    });
    expect(response.statusCode).toBe(200);
    const create = h.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(create.params).toEqual({
      mode: 'payment',
      customer_email: 'user5@fund.example',
      line_items: [{ price: 'price_template', quantity: '1' }],
      success_url: `${PUBLIC_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/billing`,
      client_reference_id: '5',
      metadata: { orgId: '12', userId: '5', purpose: 'template' },
    });
    expect(create.idempotencyKey).toMatch(/^checkout-template-5-\d+$/);
  });

  it('refuses an unknown plan or cycle with 400 and calls Stripe not at all', async () => {
    const before = h.stripe.requests.length;
    for (const payload of [
      { plan: 'enterprise', billingCycle: 'annual' },
      { plan: 'pro', billingCycle: 'weekly' },
      { plan: 'pro' },
    ]) {
      const response = await h.svc.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: h.headersFor(11),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    expect(h.stripe.requests.length).toBe(before);
  });

  it('refuses a member on the owner-only routes (subscription checkout, portal, plan change)', async () => {
    const before = h.stripe.requests.length;
    const member = h.headersFor(11, 'member', 2);
    const checkout = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: member,
      payload: { plan: 'pro', billingCycle: 'monthly' },
    });
    expect(checkout.statusCode).toBe(403);
    // A use-case rule (checkout's auth is 'session'), with the kit's one message for the owner rule.
    expect(checkout.json().message).toBe('Only the organization owner can do this');
    const portal = await h.svc.app.inject({ method: 'POST', url: '/api/stripe/portal', headers: member });
    expect(portal.statusCode).toBe(403);
    const change = await h.svc.app.inject({
      method: 'PATCH',
      url: '/api/stripe/subscription',
      headers: member,
      payload: { cancelAtPeriodEnd: true },
    });
    expect(change.statusCode).toBe(403);
    expect(h.stripe.requests.length).toBe(before);
  });

  it('grants nothing for the seed client headers without a verified identity', async () => {
    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: { 'x-user-id': '1', 'x-auth-bypass': 'true', 'x-stripe-debug': 'true' },
      payload: { plan: 'pro', billingCycle: 'annual' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('opens the billing portal for the owner with the organization customer', async () => {
    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/portal',
      headers: h.headersFor(11),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const portal = h.stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.params).toEqual({
      customer: h.stripe.customers.keys().next().value,
      return_url: `${PUBLIC_URL}/billing`,
    });
  });
});

describe('POST /api/stripe/auto-login', () => {
  it('signs the checkout user in once: verified with Stripe, identity opens the session, cookie set', async () => {
    const sessionId = await h.startCheckout(21, 'pro', 'annual', 8);
    h.stripe.completeCheckout(sessionId);
    const response = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { id: 8 } });
    expect(body.sessionId).toEqual(expect.any(String));
    expect(h.identity.calls.at(-1)).toEqual({ userId: 8, token: 'test-internal-token' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`df_session=${encodeURIComponent(body.sessionId)}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The trial is recorded even before the webhook arrives.
    const sub = await h.svc.app.inject({
      method: 'GET',
      url: '/api/stripe/subscription',
      headers: h.headersFor(21, 'owner', 8),
    });
    expect(sub.json()).toMatchObject({
      plan: 'pro',
      planLabel: 'Professional',
      status: 'trialing',
      billingCycle: 'annual',
    });

    const calls = h.identity.calls.length;
    const replay = await h.svc.app.inject({
      method: 'POST',
      url: '/api/billing/auto-login',
      payload: { sessionId },
    });
    expect(replay.statusCode).toBe(410);
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(h.identity.calls.length).toBe(calls);
  });

  it('refuses an unpaid, unknown or missing session id with 4xx and no session', async () => {
    const calls = h.identity.calls.length;
    const open = await h.startCheckout(22, 'basic', 'monthly', 9);
    const notFinished = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId: open },
    });
    expect(notFinished.statusCode).toBe(409);

    const unpaidPurchase = (
      await h.svc.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: h.headersFor(22, 'member', 10),
      })
    ).json().sessionId;
    h.stripe.completeCheckout(unpaidPurchase, { paid: false });
    const unpaid = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId: unpaidPurchase },
    });
    expect(unpaid.statusCode).toBe(409);

    const unknown = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId: 'cs_test_doesnotexist123' },
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await h.svc.app.inject({ method: 'POST', url: '/api/stripe/auto-login', payload: {} });
    expect(missing.statusCode).toBe(400);
    // A paid session older than a day no longer signs anyone in.
    const old = await h.startCheckout(24, 'pro', 'monthly', 12);
    h.stripe.completeCheckout(old);
    await h.svc.ctx.orm.em
      .fork()
      .getConnection()
      .execute(`update checkout_sessions set created_at = now() - interval '25 hours' where id = ?`, [old]);
    const stale = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId: old },
    });
    expect(stale.statusCode).toBe(410);
    for (const r of [notFinished, unpaid, unknown, missing, stale])
      expect(r.headers['set-cookie']).toBeUndefined();
    expect(h.identity.calls.length).toBe(calls);
  });

  it('publishes billing.purchase.completed once for the paid $50 purchase (auto-login and webhook)', async () => {
    const sessionId = (
      await h.svc.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: h.headersFor(23, 'owner', 11),
      })
    ).json().sessionId;
    const session = h.stripe.completeCheckout(sessionId);
    expect(
      (await h.svc.app.inject({ method: 'POST', url: '/api/stripe/auto-login', payload: { sessionId } }))
        .statusCode,
    ).toBe(200);
    expect((await h.postWebhook(h.stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    const events = await h.bus.waitForEvents(Topics.purchaseCompleted, 23);
    await new Promise((r) => setTimeout(r, 500));
    expect(h.bus.of(Topics.purchaseCompleted, 23)).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      orgId: 23,
      userId: 11,
      checkoutSessionId: sessionId,
      amountTotal: 5000,
      currency: 'usd',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';

let h: BillingHarness;
beforeAll(async () => {
  // No STRIPE_SECRET_KEY: the embedded provider and its /pay pages.
  h = await startBilling({
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_PRICE_BASIC_MONTHLY: '',
    STRIPE_PRICE_BASIC_ANNUAL: '',
    STRIPE_PRICE_PRO_MONTHLY: '',
    STRIPE_PRICE_PRO_ANNUAL: '',
    STRIPE_PRICE_TEMPLATE: '',
  });
});
afterAll(async () => {
  await h?.stop();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('embedded payment provider', () => {
  it('walks checkout with a test card to a trial, auto-login and the same events; then the portal changes it', async () => {
    const checkout = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: h.headersFor(61),
      payload: { plan: 'pro', billingCycle: 'annual' },
    });
    expect(checkout.statusCode).toBe(200);
    const { url, sessionId } = checkout.json() as { url: string; sessionId: string };
    const cookie = String([checkout.headers['set-cookie']].flat()[0]).split(';')[0]!;
    expect(url).toBe(`http://localhost:3000/pay/checkout/${sessionId}`);
    const page = await h.svc.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pro plan, annual, 1 seat');
    expect(page.body).toContain('7-day free trial');

    const declined = await h.svc.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({ cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' }),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(
      (
        await h.svc.app.inject({
          method: 'POST',
          url: '/api/stripe/auto-login',
          headers: { cookie },
          payload: { sessionId },
        })
      ).statusCode,
    ).toBe(409);

    const paid = await h.svc.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/checkout/success?session_id=${sessionId}`);
    const [changed] = await h.bus.waitForEvents(Topics.subscriptionChanged, 61);
    expect(changed!.data).toMatchObject({
      plan: 'pro',
      billingCycle: 'annual',
      status: 'trialing',
      seats: 1,
      monthlyDeckLimit: 200,
    });

    const login = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      headers: { cookie },
      payload: { sessionId },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (
        await h.svc.app.inject({
          method: 'POST',
          url: '/api/stripe/auto-login',
          headers: { cookie },
          payload: { sessionId },
        })
      ).statusCode,
    ).toBe(410);

    // Seat sync goes through the embedded provider too.
    await h.bus.publish(Topics.memberAdded, {
      orgId: 61,
      userId: 2,
      email: 'b@fund.example',
      name: 'B',
      role: 'member',
      memberCount: 2,
    });
    await h.bus.waitForEvents(Topics.subscriptionChanged, 61, 2);
    expect(h.bus.of(Topics.subscriptionChanged, 61).at(-1)!.data.seats).toBe(2);

    const portal = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/portal',
      headers: h.headersFor(61),
    });
    const portalPath = new URL(portal.json().url as string).pathname;
    const portalPage = await h.svc.app.inject({ method: 'GET', url: portalPath });
    expect(portalPage.body).toContain('Cancel at period end');
    const cancel = await h.svc.app.inject({ method: 'POST', url: `${portalPath}/cancel`, ...form({}) });
    expect(cancel.statusCode).toBe(303);
    const downgrade = await h.svc.app.inject({
      method: 'POST',
      url: `${portalPath}/change`,
      ...form({ choice: 'basic:monthly' }),
    });
    expect(downgrade.statusCode).toBe(303);
    const sub = (
      await h.svc.app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: h.headersFor(61) })
    ).json();
    expect(sub).toMatchObject({
      plan: 'basic',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: true,
      seats: 2,
      amount: 60,
    });
    const reactivate = await h.svc.app.inject({
      method: 'POST',
      url: `${portalPath}/reactivate`,
      ...form({}),
    });
    expect(reactivate.statusCode).toBe(303);
    await h.bus.waitForEvents(Topics.subscriptionChanged, 61, 5);
    expect(h.bus.of(Topics.subscriptionChanged, 61).at(-1)!.data).toMatchObject({
      plan: 'basic',
      cancelAtPeriodEnd: false,
    });

    // The development control on the portal page: 8 days on the test clock convert the trial.
    const withClock = await h.svc.app.inject({ method: 'GET', url: portalPath });
    expect(withClock.body).toContain('Advance test clock');
    const advanced = await h.svc.app.inject({
      method: 'POST',
      url: `${portalPath}/advance`,
      ...form({ days: '8' }),
    });
    expect(advanced.statusCode).toBe(303);
    expect(decodeURIComponent(String(advanced.headers.location))).toMatch(/Test clock advanced 8 days to /);
    expect(
      (
        await h.svc.app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: h.headersFor(61) })
      ).json(),
    ).toMatchObject({ plan: 'basic', status: 'active' });
    const invoices = (
      await h.svc.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: h.headersFor(61) })
    ).json() as { invoices: { amountCents: number; status: string }[] };
    expect(invoices.invoices).toMatchObject([{ amountCents: 6000, status: 'paid' }]);

    const forged = await h.svc.app.inject({
      method: 'GET',
      url: portalPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('sells the $50 licence with the local checkout and publishes purchase.completed', async () => {
    const checkout = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: h.headersFor(62, 'member', 4),
    });
    const { url, sessionId } = checkout.json() as { url: string; sessionId: string };
    expect((await h.svc.app.inject({ method: 'GET', url: new URL(url).pathname })).body).toContain(
      'Standard License',
    );
    const paid = await h.svc.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
    });
    expect(paid.statusCode).toBe(303);
    const [purchase] = await h.bus.waitForEvents(Topics.purchaseCompleted, 62);
    expect(purchase!.data).toEqual({
      orgId: 62,
      userId: 4,
      checkoutSessionId: sessionId,
      amountTotal: 5000,
      currency: 'usd',
      licence: { licenceKey: expect.stringMatching(/^DFL1\./), updatesUntil: expect.any(String) },
    });
  });

  it('sells the licence to a guest: the local checkout shows the email given first, read-only, and refuses another', async () => {
    const checkout = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      payload: { email: 'Guest@Buyer.example' },
    });
    expect(checkout.statusCode).toBe(200);
    const { url, sessionId } = checkout.json() as { url: string; sessionId: string };
    const cookie = String([checkout.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const page = await h.svc.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.body).toContain(
      '<input id="email" name="email" type="email" autocomplete="email" readonly aria-readonly="true" value="guest@buyer.example">',
    );
    // Another address (a payer editing the form) is refused; the checkout stays open for the one given.
    const otherEmail = await h.svc.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({ email: 'payer@victim.example', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
    });
    expect(otherEmail.statusCode).toBe(402);
    expect(otherEmail.body).toContain('This checkout is for guest@buyer.example');
    expect(otherEmail.body).toContain('value="guest@buyer.example"');
    const paid = await h.svc.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({
        email: 'guest@buyer.example',
        name: 'Gail Guest',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      }),
    });
    expect(paid.statusCode).toBe(303);
    // The page's submission ran the webhook handler: the account exists before the browser returns.
    const buyer = h.identity.buyerCalls.find((c) => c.checkoutSessionId === sessionId)!;
    expect(buyer).toMatchObject({ email: 'guest@buyer.example', created: true });
    const other = await h.svc.app.inject({
      method: 'POST',
      url: '/api/stripe/auto-login',
      payload: { sessionId },
    });
    expect(other.statusCode).toBe(403);
    const login = await h.svc.app.inject({
      method: 'POST',
      url: '/api/billing/auto-login',
      headers: { cookie },
      payload: { sessionId },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true });
    expect(login.json().user.id).toBe(h.identity.calls.at(-1)!.userId);
  });
});

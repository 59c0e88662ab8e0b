import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_TOKEN as INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, login, registerOwner, uniqueEmail } from '../test/factories/user.factory.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const internal = { 'x-internal-token': INTERNAL_TOKEN };
const claimUrl = 'http://localhost:3000/checkout/complete?claim=abcdefghijklmnopqrstuvwxyz0123456789';
const provision = (payload: Record<string, unknown>, headers: Record<string, string> = internal) =>
  h.app.inject({ method: 'POST', url: '/internal/buyers', headers, payload });
const mailTo = async (to: string) => (await h.readOutbox()).filter((m) => m.to === to);

describe('POST /internal/buyers (guest purchase)', () => {
  it('creates an account without a password for a new address and emails a set-password link that works', async () => {
    const email = uniqueEmail('buyer');
    const first = await provision({
      email: email.toUpperCase(),
      name: 'Bea Buyer',
      checkoutSessionId: 'cs_test_guest_1',
      claimUrl,
    });
    expect(first.statusCode).toBe(200);
    const { userId, created } = first.json() as { userId: number; created: boolean };
    expect(created).toBe(true);
    const [user] = await h.query<{
      email: string;
      name: string;
      password_hash: string | null;
      stripe_checkout_id: string;
    }>('select email, name, password_hash, stripe_checkout_id from users where id = ?', [userId]);
    expect(user).toEqual({
      email,
      name: 'Bea Buyer',
      password_hash: null,
      stripe_checkout_id: 'cs_test_guest_1',
    });

    await expect.poll(() => mailTo(email), { timeout: 5_000 }).toHaveLength(1);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Set your password');
    expect(mail!.text).toContain('thank you for your purchase.');
    const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!;
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect((await login(h, email, 'a brand new passphrase')).user.id).toBe(userId);

    // Webhook and auto-login both ask: before the password is set, the same checkout gets the same account.
    const other = uniqueEmail('buyer');
    const a = await provision({ email: other, checkoutSessionId: 'cs_test_guest_2', claimUrl });
    const b = await provision({ email: other, checkoutSessionId: 'cs_test_guest_2', claimUrl });
    expect(b.json()).toEqual(a.json());
    expect(a.json().created).toBe(true);
    await expect.poll(() => mailTo(other), { timeout: 5_000 }).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailTo(other)).toHaveLength(1);
  });

  it('words both emails for a subscription: the trial that started, and the subscription to confirm', async () => {
    const email = uniqueEmail('subscriber');
    const created = await provision({
      email,
      checkoutSessionId: 'cs_test_guest_sub_1',
      claimUrl,
      purchase: 'subscription',
    });
    expect(created.json().created).toBe(true);
    await expect.poll(() => mailTo(email), { timeout: 5_000 }).toHaveLength(1);
    const [welcome] = await mailTo(email);
    expect(welcome!.text).toContain('your organization and its free trial are ready');
    expect(welcome!.text).not.toContain('thank you for your purchase');

    const owner = await registerOwner(h);
    await provision({
      email: owner.user.email,
      checkoutSessionId: 'cs_test_guest_sub_2',
      claimUrl,
      purchase: 'subscription',
    });
    const claims = async () =>
      (await mailTo(owner.user.email)).filter((m) => m.subject === 'Confirm your purchase');
    await expect.poll(async () => (await claims()).length, { timeout: 5_000 }).toBe(1);
    const [claim] = await claims();
    expect(claim!.text).toContain('started a subscription');
    expect(claim!.text).not.toContain('template licence');
  });

  it('hands nothing over for an existing account: its owner gets the claim link, the account is unchanged', async () => {
    const owner = await registerOwner(h);
    const before = await h.query<{ password_hash: string }>('select password_hash from users where id = ?', [
      owner.user.id,
    ]);
    const answer = await provision({
      email: owner.user.email,
      checkoutSessionId: 'cs_test_guest_3',
      claimUrl,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ userId: owner.user.id, created: false });
    const again = await provision({
      email: owner.user.email,
      checkoutSessionId: 'cs_test_guest_3',
      claimUrl,
    });
    expect(again.json().created).toBe(false);
    await expect
      .poll(
        async () =>
          (await mailTo(owner.user.email)).filter((m) => m.subject === 'Confirm your purchase').length,
        {
          timeout: 5_000,
        },
      )
      .toBeGreaterThan(0);
    const [claim] = (await mailTo(owner.user.email)).filter((m) => m.subject === 'Confirm your purchase');
    expect(claim!.text).toContain(claimUrl);
    expect(claim!.text).toContain('bought the template licence');
    const after = await h.query<{ password_hash: string }>('select password_hash from users where id = ?', [
      owner.user.id,
    ]);
    expect(after).toEqual(before);
  });

  it('refuses callers without the internal token and bad input', async () => {
    const body = { email: uniqueEmail('buyer'), checkoutSessionId: 'cs_test_guest_4', claimUrl };
    expect((await provision(body, {})).statusCode).toBe(401);
    expect((await provision({ ...body, email: 'not-an-address' })).statusCode).toBe(400);
    expect((await provision({ ...body, claimUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
  });
});

describe('POST /internal/buyers/organization (guest subscription)', () => {
  const ensureOrg = (payload: Record<string, unknown>, headers: Record<string, string> = internal) =>
    h.app.inject({ method: 'POST', url: '/internal/buyers/organization', headers, payload });

  it('gives a new buyer an organization they own, once, with themselves as the only member', async () => {
    const email = uniqueEmail('subscriber');
    const buyer = await provision({
      email,
      name: 'Sue Scriber',
      checkoutSessionId: 'cs_test_sub_1',
      claimUrl,
    });
    const { userId } = buyer.json() as { userId: number };
    const first = await ensureOrg({ userId, plan: 'pro', billingCycle: 'annual' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: "Sue Scriber's organization", created: true });
    const { orgId } = first.json() as { orgId: number };
    const [user] = await h.query<{ organization_id: number; role: string }>(
      'select organization_id, role from users where id = ?',
      [userId],
    );
    expect(user).toEqual({ organization_id: orgId, role: 'owner' });
    const [org] = await h.query<{ owner_id: number; chosen_plan: string; chosen_billing_cycle: string }>(
      'select owner_id, chosen_plan, chosen_billing_cycle from organizations where id = ?',
      [orgId],
    );
    expect(org).toEqual({ owner_id: userId, chosen_plan: 'pro', chosen_billing_cycle: 'annual' });
    // Webhook and auto-login both ask: the same organization, no second one.
    const again = await ensureOrg({ userId, plan: 'pro', billingCycle: 'annual' });
    expect(again.json()).toEqual({ orgId, name: "Sue Scriber's organization", created: false });
    const [row] = await h.query<{ count: string }>(
      'select count(*)::text as count from organizations where owner_id = ?',
      [userId],
    );
    expect(row?.count).toBe('1');
  });

  it('never hands over an organization the buyer does not own: a member of another one gets 409', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const answer = await ensureOrg({ userId: member.user.id, plan: 'basic', billingCycle: 'monthly' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/belongs to another organization/);
    const [user] = await h.query<{ organization_id: number; role: string }>(
      'select organization_id, role from users where id = ?',
      [member.user.id],
    );
    expect(user!.role).toBe('member');
  });

  it('gives an owner their own organization while it has no subscription, and 409 once it has one', async () => {
    const owner = await registerOwner(h);
    const answer = await ensureOrg({ userId: owner.user.id, plan: 'basic', billingCycle: 'monthly' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ orgId: owner.user.organizationId, created: false });
    await h.query(
      "update organizations set stripe_subscription_id = 'sub_x', subscription_status = 'active' where id = ?",
      [owner.user.organizationId],
    );
    const refused = await ensureOrg({ userId: owner.user.id, plan: 'basic', billingCycle: 'monthly' });
    expect(refused.statusCode).toBe(409);
  });

  it('refuses callers without the internal token, unknown users and bad input', async () => {
    expect((await ensureOrg({ userId: 1, plan: 'pro', billingCycle: 'annual' }, {})).statusCode).toBe(401);
    expect((await ensureOrg({ userId: 99_999_999, plan: 'pro', billingCycle: 'annual' })).statusCode).toBe(
      404,
    );
    expect((await ensureOrg({ userId: 1, plan: 'free', billingCycle: 'annual' })).statusCode).toBe(400);
  });
});

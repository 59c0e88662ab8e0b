import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { TRIAL_DAYS, type TBillingCycle, type TPaidPlan } from '@dealflow/contracts';
import { requireVerifiedSession, type Identity } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError, BUY_NEEDS_VERIFIED_EMAIL, CHECKOUT_NEEDS_ORGANIZATION } from '../errors.js';
import { insertCheckoutSession } from '../repositories/checkout-session.repository.js';
import { ensureOrganization, setCustomer } from '../repositories/organization.repository.js';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/** Repeated clicks within this window reuse one checkout session (Stripe idempotency). */
const IDEMPOTENCY_WINDOW_MS = 60_000;
const windowOf = () => Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);
/** A guest's address in an idempotency key: another address within the minute is another checkout. */
const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 16);

/** The browser key is kept hashed: a leaked database row cannot be replayed as the cookie. */
export const hashBrowserKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const checkoutUrls = (publicUrl: string) => ({
  // The payment-return screen reads session_id; Stripe fills {CHECKOUT_SESSION_ID} in.
  successUrl: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${publicUrl}/billing`,
});

/** The organization's customer at the provider, created on first need (one per organization, ever). */
async function ensureCustomer(em: EntityManager, identity: Identity & { orgId: number }, deps: TBillingDeps) {
  const org = await em.transactional((tx) =>
    ensureOrganization(tx, {
      orgId: identity.orgId,
      ownerId: identity.role === 'owner' ? identity.userId : null,
      ownerEmail: identity.role === 'owner' ? identity.email : null,
      ownerName: identity.role === 'owner' ? identity.name : null,
    }),
  );
  if (org.stripeCustomerId) return org;
  const customerId = await deps.provider.createCustomer(
    {
      orgId: org.id,
      email: org.ownerEmail ?? identity.email,
      name: org.name || (org.ownerName ?? identity.name),
    },
    `customer-org-${org.id}`,
  );
  await setCustomer(em, org.id, customerId);
  return { ...org, stripeCustomerId: customerId };
}

export async function createSubscriptionCheckout(
  em: EntityManager,
  identity: Identity & { orgId: number },
  { browserKeyHash, ...choice }: { plan: TPaidPlan; billingCycle: TBillingCycle; browserKeyHash: string },
  deps: TBillingDeps,
): Promise<TProviderCheckoutSession> {
  const org = await ensureCustomer(em, identity, deps);
  if (org.status && LIVE_STATUSES.has(org.status) && org.plan !== 'free') {
    throw new BillingError('ALREADY_SUBSCRIBED');
  }
  const quantity = Math.max(org.memberCount, 1);
  const { successUrl, cancelUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const metadata = {
    orgId: String(org.id),
    userId: String(identity.userId),
    plan: choice.plan,
    billingCycle: choice.billingCycle,
  };
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'subscription',
      customerId: org.stripeCustomerId!,
      priceId: deps.priceBook.subscriptionPriceId(choice.plan, choice.billingCycle),
      quantity,
      trialDays: TRIAL_DAYS,
      successUrl,
      cancelUrl,
      metadata,
    },
    `checkout-sub-${org.id}-${identity.userId}-${choice.plan}-${choice.billingCycle}-q${quantity}-${windowOf()}`,
  );
  await insertCheckoutSession(em, {
    id: session.id,
    orgId: org.id,
    userId: identity.userId,
    mode: 'subscription',
    plan: choice.plan,
    billingCycle: choice.billingCycle,
    browserKeyHash,
  });
  return session;
}

/** A guest's address as billing keeps and compares it (issue 20). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one-time $50 licence for a visitor who is not signed in, with the address they gave first: locked on
 * the provider's checkout (`customer_email`) and kept on the record, so the auto-login signs in only when
 * the session was paid with it (issue 20). The account is settled once it is paid (complete-checkout.ts).
 * One session per browser, address and minute.
 */
export async function createGuestPurchaseCheckout(
  em: EntityManager,
  { email, browserKeyHash }: { email: string; browserKeyHash: string },
  deps: TBillingDeps,
): Promise<TProviderCheckoutSession> {
  const { successUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'payment',
      customerId: null,
      customerEmail: email,
      priceId: deps.priceBook.templatePriceId,
      successUrl,
      // A visitor who cancels goes back to the landing page (/billing needs an account).
      cancelUrl: `${deps.config.PUBLIC_URL}/`,
      metadata: { orgId: '', userId: '', purpose: 'template', guest: '1' },
    },
    `checkout-template-guest-${browserKeyHash.slice(0, 32)}-${emailKey(email)}-${windowOf()}`,
  );
  await insertCheckoutSession(em, {
    id: session.id,
    orgId: null,
    userId: null,
    mode: 'payment',
    plan: null,
    billingCycle: null,
    browserKeyHash,
    expectedEmail: email,
  });
  return session;
}

/**
 * A subscription for a visitor who is not signed in: one seat (the buyer, who will own the organization),
 * with the plan's trial, for the address they gave first (locked at the provider, kept on the record: issue
 * 20). Once it is complete the buyer's account and the organization they own are settled
 * (complete-checkout.ts) and the subscription is attached to it. Nothing here names an organization: the
 * metadata carries none, so no browser can point it at one.
 */
export async function createGuestSubscriptionCheckout(
  em: EntityManager,
  {
    email,
    browserKeyHash,
    ...choice
  }: { plan: TPaidPlan; billingCycle: TBillingCycle; email: string; browserKeyHash: string },
  deps: TBillingDeps,
): Promise<TProviderCheckoutSession> {
  const { successUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'subscription',
      customerId: null,
      customerEmail: email,
      priceId: deps.priceBook.subscriptionPriceId(choice.plan, choice.billingCycle),
      quantity: 1,
      trialDays: TRIAL_DAYS,
      successUrl,
      cancelUrl: `${deps.config.PUBLIC_URL}/#pricing`,
      metadata: {
        orgId: '',
        userId: '',
        plan: choice.plan,
        billingCycle: choice.billingCycle,
        guest: '1',
      },
    },
    `checkout-sub-guest-${browserKeyHash.slice(0, 32)}-${emailKey(email)}-${choice.plan}-${choice.billingCycle}-${windowOf()}`,
  );
  await insertCheckoutSession(em, {
    id: session.id,
    orgId: null,
    userId: null,
    mode: 'subscription',
    plan: choice.plan,
    billingCycle: choice.billingCycle,
    browserKeyHash,
    expectedEmail: email,
  });
  return session;
}

/** The one-time $50 template licence (payment mode) for the signed-in user. */
export async function createPurchaseCheckout(
  em: EntityManager,
  identity: Identity,
  { browserKeyHash }: { browserKeyHash: string },
  deps: TBillingDeps,
): Promise<TProviderCheckoutSession> {
  const customerId =
    identity.orgId !== null && identity.role === 'owner'
      ? (await ensureCustomer(em, identity as Identity & { orgId: number }, deps)).stripeCustomerId
      : null;
  const { successUrl, cancelUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'payment',
      customerId,
      customerEmail: identity.email,
      priceId: deps.priceBook.templatePriceId,
      successUrl,
      cancelUrl,
      metadata: {
        orgId: identity.orgId === null ? '' : String(identity.orgId),
        userId: String(identity.userId),
        purpose: 'template',
      },
    },
    `checkout-template-${identity.userId}-${windowOf()}`,
  );
  await insertCheckoutSession(em, {
    id: session.id,
    orgId: identity.orgId,
    userId: identity.userId,
    mode: 'payment',
    plan: null,
    billingCycle: null,
    browserKeyHash,
  });
  return session;
}

/**
 * POST /api/stripe/checkout (auth `public`): refused (403) to a signed-in account whose email is not verified,
 * and to a session a guest checkout's auto-login opened (not proven yet, issue 20).
 * With a plan, a subscription for the caller's organization, which only its owner may start, or for a guest a
 * subscription for the organization they will own (created after checkout); without one, the one-time licence,
 * which anyone may buy: signed in (also before they have an organization) or as a guest who gives an email
 * first (400 without one; it is locked on the provider's checkout). `browserKey` is the
 * HttpOnly cookie of the browser starting it: only that browser can use the auto-login afterwards.
 */
export async function startCheckout(
  em: EntityManager,
  actor: Identity | null,
  {
    browserKey,
    ...choice
  }: { plan?: TPaidPlan; billingCycle?: TBillingCycle; email?: string; browserKey: string },
  deps: TBillingDeps,
): Promise<{ url: string; sessionId: string }> {
  const browserKeyHash = hashBrowserKey(browserKey);
  // A signed-in account buys only once its address is proven (the identity JWT's `ev` claim, issue 15), and
  // not from a guest's unverified session (`uv`, issue 20). A guest gives the address first; the account it
  // gets is settled by email.
  if (actor && !actor.emailVerified) throw new BillingError('EMAIL_NOT_VERIFIED', BUY_NEEDS_VERIFIED_EMAIL);
  if (actor) requireVerifiedSession(actor);
  let session: TProviderCheckoutSession;
  if (!actor) {
    if (!choice.email) throw new BillingError('GUEST_EMAIL_REQUIRED');
    const email = normaliseEmail(choice.email);
    session =
      choice.plan && choice.billingCycle
        ? await createGuestSubscriptionCheckout(
            em,
            { plan: choice.plan, billingCycle: choice.billingCycle, email, browserKeyHash },
            deps,
          )
        : await createGuestPurchaseCheckout(em, { email, browserKeyHash }, deps);
  } else if (choice.plan && choice.billingCycle) {
    if (actor.orgId === null) throw new BillingError('NO_ORGANIZATION', CHECKOUT_NEEDS_ORGANIZATION);
    if (actor.role !== 'owner') throw new BillingError('NOT_OWNER');
    session = await createSubscriptionCheckout(
      em,
      { ...actor, orgId: actor.orgId },
      { plan: choice.plan, billingCycle: choice.billingCycle, browserKeyHash },
      deps,
    );
  } else {
    session = await createPurchaseCheckout(em, actor, { browserKeyHash }, deps);
  }
  return { url: session.url ?? '', sessionId: session.id };
}

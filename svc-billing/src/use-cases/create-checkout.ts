import { TRIAL_DAYS, type TBillingCycle, type TPaidPlan } from '@dealflow/contracts';
import type { Identity } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { insertCheckoutSession } from '../repositories/checkout-session.repository.js';
import { ensureOrganization, setCustomer } from '../repositories/organization.repository.js';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/** Repeated clicks within this window reuse one checkout session (Stripe idempotency). */
const IDEMPOTENCY_WINDOW_MS = 60_000;
const windowOf = () => Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);

export const checkoutUrls = (publicUrl: string) => ({
  // The payment-return screen reads session_id; Stripe fills {CHECKOUT_SESSION_ID} in.
  successUrl: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${publicUrl}/billing`,
});

/** The organization's customer at the provider, created on first need (one per organization, ever). */
async function ensureCustomer(deps: TBillingDeps, identity: Identity & { orgId: number }) {
  const em = deps.orm.em.fork();
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
  deps: TBillingDeps,
  identity: Identity & { orgId: number },
  choice: { plan: TPaidPlan; billingCycle: TBillingCycle },
): Promise<TProviderCheckoutSession> {
  const org = await ensureCustomer(deps, identity);
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
  await insertCheckoutSession(deps.orm.em.fork(), {
    id: session.id,
    orgId: org.id,
    userId: identity.userId,
    mode: 'subscription',
    plan: choice.plan,
    billingCycle: choice.billingCycle,
  });
  return session;
}

/** The one-time $50 template licence (payment mode) for the signed-in user. */
export async function createPurchaseCheckout(
  deps: TBillingDeps,
  identity: Identity,
): Promise<TProviderCheckoutSession> {
  const customerId =
    identity.orgId !== null && identity.role === 'owner'
      ? (await ensureCustomer(deps, identity as Identity & { orgId: number })).stripeCustomerId
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
  await insertCheckoutSession(deps.orm.em.fork(), {
    id: session.id,
    orgId: identity.orgId,
    userId: identity.userId,
    mode: 'payment',
    plan: null,
    billingCycle: null,
  });
  return session;
}

/**
 * POST /api/stripe/checkout (auth `session`): with a plan, a subscription for the caller's organization,
 * which only its owner may start; without one, the one-time licence, which anyone signed in may buy
 * (also before they have an organization).
 */
export async function startCheckout(
  deps: TBillingDeps,
  actor: Identity,
  choice: { plan?: TPaidPlan; billingCycle?: TBillingCycle },
): Promise<{ url: string; sessionId: string }> {
  let session: TProviderCheckoutSession;
  if (choice.plan && choice.billingCycle) {
    if (actor.orgId === null) throw new BillingError('NO_ORGANIZATION');
    if (actor.role !== 'owner') throw new BillingError('NOT_OWNER');
    session = await createSubscriptionCheckout(
      deps,
      { ...actor, orgId: actor.orgId },
      { plan: choice.plan, billingCycle: choice.billingCycle },
    );
  } else {
    session = await createPurchaseCheckout(deps, actor);
  }
  return { url: session.url ?? '', sessionId: session.id };
}

import { createHash } from 'node:crypto';
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

/** The browser key is kept hashed: a leaked database row cannot be replayed as the cookie. */
export const hashBrowserKey = (key: string) => createHash('sha256').update(key).digest('hex');

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
  browserKeyHash: string,
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
    browserKeyHash,
  });
  return session;
}

/**
 * The one-time $50 licence for a visitor who is not signed in: the provider's checkout asks for the email,
 * and the account is settled once it is paid (complete-checkout.ts). One session per browser and minute.
 */
export async function createGuestPurchaseCheckout(
  deps: TBillingDeps,
  browserKeyHash: string,
): Promise<TProviderCheckoutSession> {
  const { successUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'payment',
      customerId: null,
      customerEmail: null,
      priceId: deps.priceBook.templatePriceId,
      successUrl,
      // A visitor who cancels goes back to the landing page (/billing needs an account).
      cancelUrl: `${deps.config.PUBLIC_URL}/`,
      metadata: { orgId: '', userId: '', purpose: 'template', guest: '1' },
    },
    `checkout-template-guest-${browserKeyHash.slice(0, 32)}-${windowOf()}`,
  );
  await insertCheckoutSession(deps.orm.em.fork(), {
    id: session.id,
    orgId: null,
    userId: null,
    mode: 'payment',
    plan: null,
    billingCycle: null,
    browserKeyHash,
  });
  return session;
}

/**
 * A subscription for a visitor who is not signed in: one seat (the buyer, who will own the organization),
 * with the plan's trial. The provider's checkout asks for the email; once it is complete the buyer's account
 * and the organization they own are settled (complete-checkout.ts) and the subscription is attached to it.
 * Nothing here names an organization: the metadata carries none, so no browser can point it at one.
 */
export async function createGuestSubscriptionCheckout(
  deps: TBillingDeps,
  choice: { plan: TPaidPlan; billingCycle: TBillingCycle },
  browserKeyHash: string,
): Promise<TProviderCheckoutSession> {
  const { successUrl } = checkoutUrls(deps.config.PUBLIC_URL);
  const session = await deps.provider.createCheckoutSession(
    {
      mode: 'subscription',
      customerId: null,
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
    `checkout-sub-guest-${browserKeyHash.slice(0, 32)}-${choice.plan}-${choice.billingCycle}-${windowOf()}`,
  );
  await insertCheckoutSession(deps.orm.em.fork(), {
    id: session.id,
    orgId: null,
    userId: null,
    mode: 'subscription',
    plan: choice.plan,
    billingCycle: choice.billingCycle,
    browserKeyHash,
  });
  return session;
}

/** The one-time $50 template licence (payment mode) for the signed-in user. */
export async function createPurchaseCheckout(
  deps: TBillingDeps,
  identity: Identity,
  browserKeyHash: string,
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
    browserKeyHash,
  });
  return session;
}

/**
 * POST /api/stripe/checkout (auth `public`): refused (403) to a signed-in account whose email is not verified.
 * With a plan, a subscription for the caller's organization, which only its owner may start, or for a guest a
 * subscription for the organization they will own (created after checkout); without one, the one-time licence,
 * which anyone may buy: signed in (also before they have an organization) or as a guest who gives an email at
 * checkout. `browserKey` is the
 * HttpOnly cookie of the browser starting it: only that browser can use the auto-login afterwards.
 */
export async function startCheckout(
  deps: TBillingDeps,
  actor: Identity | null,
  choice: { plan?: TPaidPlan; billingCycle?: TBillingCycle },
  browserKey: string,
): Promise<{ url: string; sessionId: string }> {
  const browserKeyHash = hashBrowserKey(browserKey);
  // A signed-in account buys only once its address is proven (the identity JWT's `ev` claim, issue 15). A
  // guest gives the address at the provider's checkout, and the account it gets is settled by email.
  if (actor && !actor.emailVerified) throw new BillingError('EMAIL_NOT_VERIFIED');
  let session: TProviderCheckoutSession;
  if (!actor) {
    session =
      choice.plan && choice.billingCycle
        ? await createGuestSubscriptionCheckout(
            deps,
            { plan: choice.plan, billingCycle: choice.billingCycle },
            browserKeyHash,
          )
        : await createGuestPurchaseCheckout(deps, browserKeyHash);
  } else if (choice.plan && choice.billingCycle) {
    if (actor.orgId === null) throw new BillingError('NO_ORGANIZATION');
    if (actor.role !== 'owner') throw new BillingError('NOT_OWNER');
    session = await createSubscriptionCheckout(
      deps,
      { ...actor, orgId: actor.orgId },
      { plan: choice.plan, billingCycle: choice.billingCycle },
      browserKeyHash,
    );
  } else {
    session = await createPurchaseCheckout(deps, actor, browserKeyHash);
  }
  return { url: session.url ?? '', sessionId: session.id };
}

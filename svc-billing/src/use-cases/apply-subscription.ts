import type { EntityManager } from '@mikro-orm/core';
import type { TBillingState } from '../repositories/organization.repository.js';
import {
  ensureOrganization,
  findOrganizationByCustomer,
  updateBillingState,
} from '../repositories/organization.repository.js';
import { publishSubscriptionChanged } from '../repositories/billing.events.js';
import type { TProviderSubscription } from '../providers/payment-provider.js';
import type { TPriceBook } from '../plans.js';

const ENDED = new Set(['canceled', 'incomplete_expired']);

const sameState = (a: TBillingState, b: TBillingState) =>
  a.plan === b.plan &&
  a.billingCycle === b.billingCycle &&
  a.status === b.status &&
  a.stripeCustomerId === b.stripeCustomerId &&
  a.stripeSubscriptionId === b.stripeSubscriptionId &&
  a.seats === b.seats &&
  a.trialEndsAt?.getTime() === b.trialEndsAt?.getTime() &&
  a.currentPeriodEnd?.getTime() === b.currentPeriodEnd?.getTime() &&
  a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
  a.hasPaymentMethod === b.hasPaymentMethod;

/**
 * Makes billing's record of an organization equal to the subscription as the provider has it now, and
 * publishes billing.subscription.changed when anything changed. Every path ends here: webhooks, the
 * embedded provider's pages, seat sync, plan changes and auto-login. Because it copies the provider's
 * current object rather than applying a delta, replaying or reordering events cannot leave a wrong state.
 */
export async function applySubscription(
  em: EntityManager,
  priceBook: TPriceBook,
  subscription: TProviderSubscription,
  options: { actorId?: number } = {},
): Promise<{ orgId: number; state: TBillingState; changed: boolean } | null> {
  const metadataOrgId = Number(subscription.metadata.orgId);
  const orgId =
    Number.isInteger(metadataOrgId) && metadataOrgId > 0
      ? metadataOrgId
      : (await findOrganizationByCustomer(em, subscription.customerId))?.id;
  if (!orgId) return null;
  const org = await ensureOrganization(em, { orgId });
  if (org.deletedAt) return null;
  const ended = ENDED.has(subscription.status);
  // A late event about an older, finished subscription must not undo a newer one.
  if (ended && org.stripeSubscriptionId && org.stripeSubscriptionId !== subscription.id) return null;

  const price = subscription.priceId ? priceBook.findPrice(subscription.priceId) : null;
  const current: TBillingState = {
    plan: org.plan,
    billingCycle: org.billingCycle,
    status: org.status,
    stripeCustomerId: org.stripeCustomerId,
    stripeSubscriptionId: org.stripeSubscriptionId,
    seats: org.seats,
    trialEndsAt: org.trialEndsAt,
    currentPeriodEnd: org.currentPeriodEnd,
    cancelAtPeriodEnd: org.cancelAtPeriodEnd,
    hasPaymentMethod: org.hasPaymentMethod,
  };
  const next: TBillingState = {
    plan: ended || !price ? 'free' : price.plan,
    billingCycle: price?.billingCycle ?? null,
    status: subscription.status,
    stripeCustomerId: subscription.customerId || org.stripeCustomerId,
    stripeSubscriptionId: subscription.id,
    seats: subscription.quantity,
    trialEndsAt: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: ended ? false : subscription.cancelAtPeriodEnd,
    hasPaymentMethod: subscription.hasPaymentMethod,
  };
  if (sameState(current, next)) return { orgId, state: current, changed: false };
  await updateBillingState(em, orgId, next);
  publishSubscriptionChanged(em, orgId, next, options.actorId);
  return { orgId, state: next, changed: true };
}

import { createHash } from 'node:crypto';
import type { TBillingCycle, TPaidPlan } from '@dealflow/contracts';
import type { EntityManager } from '@mikro-orm/core';
import type { Identity } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';
import { applySubscription } from './apply-subscription.js';
import { requireVerifiedBilling } from './require-verified-billing.js';

export interface TSubscriptionChoice {
  plan?: TPaidPlan;
  billingCycle?: TBillingCycle;
  cancelAtPeriodEnd?: boolean;
}

/**
 * Upgrade, downgrade, cycle change (prorated), cancel at period end and reactivate. The provider is changed
 * first and billing copies the provider's answer, so both sides end in the same state (the webhook that
 * follows finds nothing left to change). Only with a verified address in a verified session (issue 20).
 */
export async function changeSubscription(
  em: EntityManager,
  actor: Identity & { orgId: number },
  choice: TSubscriptionChoice,
  deps: Pick<TBillingDeps, 'provider' | 'priceBook'>,
) {
  requireVerifiedBilling(actor);
  const { orgId, userId: actorId } = actor;
  const org = await findOrganization(em, orgId);
  if (!org?.stripeSubscriptionId || org.plan === 'free' || org.status === 'canceled') {
    throw new BillingError('NO_SUBSCRIPTION');
  }
  const plan = choice.plan ?? (org.plan as TPaidPlan);
  const billingCycle = choice.billingCycle ?? org.billingCycle ?? 'monthly';
  const priceId = deps.priceBook.subscriptionPriceId(plan, billingCycle);
  const key = createHash('sha256')
    .update(
      JSON.stringify({ orgId, priceId, c: choice.cancelAtPeriodEnd, t: Math.floor(Date.now() / 60_000) }),
    )
    .digest('hex')
    .slice(0, 32);
  const subscription = await deps.provider.updateSubscription(
    org.stripeSubscriptionId,
    {
      priceId,
      ...(choice.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: choice.cancelAtPeriodEnd } : {}),
    },
    `change-${key}`,
  );
  await em.transactional(async (tx) => {
    await lockSubscription(tx, subscription.id);
    const current = (await deps.provider.retrieveSubscription(subscription.id)) ?? subscription;
    await applySubscription(tx, deps.priceBook, current, { actorId });
  });
}

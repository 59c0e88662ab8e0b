import type { EntityManager } from '@mikro-orm/core';
import type { ConsumerContext } from '@dealflow/service-kit';
import type { TEventOf, Topics } from '@dealflow/contracts';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { recordSubscriptionActivity } from './record-billing-activity.js';

/** billing.subscription.changed -> the organization's plan, status, seats, trial end, cycle and Stripe ids. */
export async function applySubscriptionChange(
  em: EntityManager,
  { data, occurredAt }: Pick<TEventOf<typeof Topics.subscriptionChanged>, 'data' | 'occurredAt'>,
  { logger }: Pick<ConsumerContext, 'logger'>,
): Promise<boolean> {
  const organization = await findOrganizationById(em, data.orgId);
  if (!organization) {
    // Deleted meanwhile: nothing to keep.
    logger.info({ orgId: data.orgId }, 'subscription change for an unknown organization ignored');
    return false;
  }
  // What changed is recorded in the activity log before the organization takes the new values.
  recordSubscriptionActivity(em, organization, data, new Date(occurredAt));
  organization.plan = data.plan;
  organization.subscriptionStatus = data.status;
  organization.subscriptionQuantity = data.seats;
  organization.trialEndsAt = data.trialEndsAt ? new Date(data.trialEndsAt) : null;
  organization.billingCycle = data.billingCycle;
  organization.stripeCustomerId = data.stripeCustomerId;
  organization.stripeSubscriptionId = data.stripeSubscriptionId;
  await em.flush();
  return true;
}

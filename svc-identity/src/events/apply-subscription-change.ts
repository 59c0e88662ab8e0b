import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { OrganizationSchema } from '../entities/organization.js';
import { recordSubscriptionActivity } from './record-billing-activity.js';

/** billing.subscription.changed -> the organization's plan, status, seats, trial end, cycle and Stripe ids. */
export async function applySubscriptionChange(
  em: EntityManager,
  data: TEventPayload<typeof Topics.subscriptionChanged>,
  occurredAt: string = new Date().toISOString(),
): Promise<boolean> {
  const organization = await em.findOne(OrganizationSchema, { id: data.orgId });
  if (!organization) return false; // deleted meanwhile: nothing to keep
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

/** Runs in one transaction with its inbox row: a redelivered event changes nothing. */
export const applySubscriptionChangeConsumer = defineConsumer(
  Topics.subscriptionChanged,
  async (event, { em, logger }) => {
    const applied = await applySubscriptionChange(em, event.data, event.occurredAt);
    if (!applied)
      logger.info({ orgId: event.data.orgId }, 'subscription change for an unknown organization ignored');
  },
);

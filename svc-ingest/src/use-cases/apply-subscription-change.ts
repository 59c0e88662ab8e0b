import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload } from '@dealflow/contracts';
import { updateSubscription, upsertOrganization } from '../repositories/organization-repository.js';
import { releaseHeldEmails } from './release-held-emails.js';

/** billing.subscription.changed: plan (canAnalyze) and monthly deck limit; a higher limit releases held emails at once. */
export async function applySubscriptionChange(
  em: EntityManager,
  data: TEventPayload<'billing.subscription.changed'>,
) {
  await upsertOrganization(em, { id: data.orgId });
  await updateSubscription(em, data.orgId, data.plan, data.status, data.monthlyDeckLimit);
  await releaseHeldEmails(em, data.orgId);
}

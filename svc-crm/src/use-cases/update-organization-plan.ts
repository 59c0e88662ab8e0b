import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { saveOrganizationPlan } from '../repositories/organization.repository.js';

/** billing.subscription.changed -> the plan crm checks before an AI analysis. */
export async function updateOrganizationPlan(
  em: EntityManager,
  data: TEventPayload<typeof Topics.subscriptionChanged>,
): Promise<void> {
  await saveOrganizationPlan(em, data.orgId, data.plan, data.status);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { findOrganization, markOrganizationDeleted } from '../repositories/organization.repository.js';
import { removeOrganizationMembers, removeUser } from '../repositories/member.repository.js';
import { deleteOrganizationUsage } from '../repositories/deck-usage.repository.js';

/** identity.organization.deleted: stop charging at once and drop the read model and usage. */
export async function forgetOrganization(
  em: EntityManager,
  deps: Pick<TBillingDeps, 'provider'>,
  orgId: number,
) {
  const org = await findOrganization(em, orgId, { lock: true });
  if (org?.stripeSubscriptionId && org.status !== 'canceled') {
    await deps.provider.cancelSubscriptionNow(org.stripeSubscriptionId, `cancel-org-${orgId}`);
  }
  await markOrganizationDeleted(em, orgId);
  await removeOrganizationMembers(em, orgId);
  await deleteOrganizationUsage(em, orgId);
}

/** identity.user.deleted: the person leaves the read model (seats follow identity's member events). */
export const forgetUser = (em: EntityManager, userId: number) => removeUser(em, userId);

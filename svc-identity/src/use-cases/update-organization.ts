import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadOwnerOrganization } from './guards.js';

export async function updateOrganization(em: EntityManager, actor: TActor, input: { name: string }) {
  return em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor);
    const previousName = organization.name;
    organization.name = input.name;
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'organization_updated',
      target: { type: 'organization', id: organization.id, label: input.name },
      description: `${user.name} renamed the organization`,
      metadata: { previousName, name: input.name },
    });
    return organization;
  });
}

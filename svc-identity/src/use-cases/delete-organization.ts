import type { EntityManager } from '@mikro-orm/core';
import type { TActor, TRequestMeta } from '../deps.js';
import { deleteOrganizationRow } from '../repositories/organization.repository.js';
import { detachOrganizationMembers } from '../repositories/user.repository.js';
import { publishOrganizationDeleted } from '../repositories/identity.events.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadOwnerOrganization } from './guards.js';
import { confirmSessionPassword, type TPasswordCheckDeps } from './confirm-password.js';

/** Deletes the organization (owner, password confirmed): members stay as accounts without an organization. */
export async function deleteOrganization(
  em: EntityManager,
  deps: TPasswordCheckDeps,
  actor: TActor,
  input: { password: string },
  meta: TRequestMeta,
) {
  const { user } = await loadOwnerOrganization(em, actor);
  await confirmSessionPassword(em, deps, actor, user, input.password, meta);
  await em.transactional(async (tx) => {
    const { organization } = await loadOwnerOrganization(tx, actor, { lock: true });
    await detachOrganizationMembers(tx, organization.id);
    logActivity(tx, {
      userId: user.id,
      actor: user,
      organizationId: organization.id,
      activityType: 'organization_deleted',
      description: `${user.name} deleted ${organization.name}`,
      target: { type: 'organization', id: organization.id, label: organization.name },
    });
    // invitations go with it (on delete cascade); activity_logs stay (no foreign key: the audit trail).
    await deleteOrganizationRow(tx, organization.id);
    publishOrganizationDeleted(tx, user.id, organization.id);
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import {
  countOrganizationMembers,
  countOrganizationOwners,
  findUserById,
} from '../repositories/user.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { publishMemberRemoved } from '../repositories/identity.events.js';
import { nextMembershipVersion } from '../repositories/organization.queries.js';
import { loadOwnerOrganization } from './guards.js';

export const LAST_OWNER_MESSAGE = 'An organization must keep at least one owner';

/** Owner removes someone else from the organization; the account stays, without an organization. */
export async function removeMember(em: EntityManager, actor: TActor, memberId: number) {
  if (memberId === actor.userId)
    throw new IdentityError('BAD_REQUEST', 'You cannot remove yourself from the organization');
  return em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor, { lock: true });
    const member = await findUserById(tx, memberId);
    if (!member || member.organizationId !== organization.id)
      throw new IdentityError('NOT_FOUND', 'Member not found');
    if (member.role === 'owner' && (await countOrganizationOwners(tx, organization.id)) <= 1) {
      throw new IdentityError('CONFLICT', LAST_OWNER_MESSAGE);
    }
    const membershipVersion = await nextMembershipVersion(tx, organization.id);
    member.organizationId = null;
    member.role = 'member';
    if (organization.ownerId === member.id) organization.ownerId = user.id;
    await tx.flush();
    const memberCount = await countOrganizationMembers(tx, organization.id);
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'member_removed',
      target: { type: 'user', id: member.id, label: `${member.name} <${member.email}>` },
      description: `${user.name} removed ${member.name}`,
      metadata: { memberId: member.id, email: member.email },
    });
    publishMemberRemoved(tx, user.id, {
      orgId: organization.id,
      userId: member.id,
      memberCount,
      membershipVersion,
    });
  });
}

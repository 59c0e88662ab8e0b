import type { EntityManager } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { UserSchema } from '../entities/user.js';
import { countOrganizationOwners, findUserById } from '../repositories/user.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadOwnerOrganization } from './guards.js';
import { LAST_OWNER_MESSAGE } from './remove-member.js';

/** Owner changes a member's role (their own too, as long as another owner remains). */
export async function changeMemberRole(em: EntityManager, actor: TActor, memberId: number, role: TRole) {
  return em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor, { lock: true });
    const member = memberId === user.id ? user : await findUserById(tx, memberId);
    if (!member || member.organizationId !== organization.id)
      throw new IdentityError('NOT_FOUND', 'Member not found');
    if (member.role === role) return member;
    if (member.role === 'owner' && (await countOrganizationOwners(tx, organization.id)) <= 1) {
      throw new IdentityError('CONFLICT', LAST_OWNER_MESSAGE);
    }
    const previousRole = member.role;
    member.role = role;
    if (role === 'member' && organization.ownerId === member.id) {
      const nextOwner = await tx.findOne(
        UserSchema,
        { organizationId: organization.id, role: 'owner', id: { $ne: member.id } },
        { orderBy: { id: 'asc' } },
      );
      if (nextOwner) organization.ownerId = nextOwner.id;
    }
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'member_role_changed',
      target: { type: 'user', id: member.id, label: `${member.name} <${member.email}>` },
      description: `${user.name} changed ${member.name}'s role to ${role}`,
      metadata: { memberId: member.id, from: previousRole, to: role },
    });
    return member;
  });
}

import type { EntityManager } from '@mikro-orm/core';
import type { IInvitation } from '../entities/invitation.js';
import type { IUser } from '../entities/user.js';
import { countOrganizationMembers } from '../repositories/user.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { publishMemberAdded } from '../repositories/identity.events.js';
import { nextMembershipVersion } from '../repositories/organization.queries.js';

/** Makes `user` a member through `invitation` (in the caller's transaction) and writes member.added. */
export async function joinOrganization(
  tx: EntityManager,
  user: IUser,
  invitation: IInvitation,
): Promise<void> {
  // First: it locks the organization, so a concurrent join or removal is counted after this one commits.
  const membershipVersion = await nextMembershipVersion(tx, invitation.organizationId);
  user.organizationId = invitation.organizationId;
  user.role = invitation.role;
  invitation.status = 'accepted';
  invitation.acceptedAt = new Date();
  await tx.flush();
  const memberCount = await countOrganizationMembers(tx, invitation.organizationId);
  logActivity(tx, {
    userId: user.id,
    organizationId: invitation.organizationId,
    actor: user,
    activityType: 'invitation_accepted',
    target: { type: 'invitation', id: invitation.id, label: user.email },
    description: `${user.name} joined as ${invitation.role}`,
    metadata: { invitationId: invitation.id },
  });
  publishMemberAdded(tx, invitation.invitedById, {
    orgId: invitation.organizationId,
    userId: user.id,
    email: user.email,
    name: user.name,
    role: invitation.role,
    memberCount,
    membershipVersion,
  });
}

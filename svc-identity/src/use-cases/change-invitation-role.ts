import type { EntityManager } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { findPendingInvitation } from '../repositories/invitation.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadOwnerOrganization } from './guards.js';

export async function changeInvitationRole(
  em: EntityManager,
  actor: TActor,
  invitationId: number,
  role: TRole,
) {
  return em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor);
    const invitation = await findPendingInvitation(tx, organization.id, invitationId);
    if (!invitation) throw new IdentityError('NOT_FOUND', 'Invitation not found');
    const previousRole = invitation.role;
    invitation.role = role;
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'invitation_role_changed',
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      description: `${user.name} changed the invitation of ${invitation.email} to ${role}`,
      metadata: { invitationId, from: previousRole, to: role },
    });
    return invitation;
  });
}

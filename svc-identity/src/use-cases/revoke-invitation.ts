import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { findPendingInvitation } from '../repositories/invitation.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadOwnerOrganization } from './guards.js';

export async function revokeInvitation(em: EntityManager, actor: TActor, invitationId: number) {
  await em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor);
    const invitation = await findPendingInvitation(tx, organization.id, invitationId);
    if (!invitation) throw new IdentityError('NOT_FOUND', 'Invitation not found');
    invitation.status = 'revoked';
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'invitation_revoked',
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      description: `${user.name} revoked the invitation of ${invitation.email}`,
      metadata: { invitationId, email: invitation.email },
    });
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { loadActorUser } from './guards.js';
import { findUsableInvitation } from './find-invitation-by-token.js';
import { joinOrganization } from './join-organization.js';

/**
 * The signed-in user accepts an invitation addressed to their email. A signed-out visitor is sent to
 * complete the profile with the same token (seed 000): the route answers 401 with this `redirect` body.
 */
export async function acceptInvitation(em: EntityManager, actor: TActor | null, token: string) {
  if (!actor) {
    return {
      redirect: {
        message: 'Please create your account to accept this invitation',
        redirectTo: `/auth/complete-profile?token=${encodeURIComponent(token)}`,
      },
    };
  }
  return em.transactional(async (tx) => {
    const invitation = await findUsableInvitation(tx, token, { lock: true });
    const user = await loadActorUser(tx, actor);
    if (user.email !== invitation.email) {
      throw new IdentityError('FORBIDDEN', 'This invitation was sent to a different email address.');
    }
    if (user.organizationId !== null && user.organizationId !== invitation.organizationId) {
      throw new IdentityError(
        'CONFLICT',
        'You already belong to an organization. Leave it before accepting this invitation.',
      );
    }
    // The invitation link reached this address (it matches the account's): it is proven.
    user.emailVerifiedAt ??= new Date();
    if (user.organizationId === invitation.organizationId) {
      invitation.status = 'accepted';
      invitation.acceptedAt = new Date();
    } else {
      await joinOrganization(tx, user, invitation);
    }
    const organization = await findOrganizationById(tx, invitation.organizationId);
    if (!organization)
      throw new IdentityError('INVITATION_NOT_FOUND', 'This invitation does not exist or has been revoked.');
    return { user, organization };
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { findUsableInvitation } from './find-invitation-by-token.js';

/** What the accept-invitation and complete-profile screens show before the visitor acts. */
export async function validateInvitation(em: EntityManager, token: string) {
  const invitation = await findUsableInvitation(em, token);
  const organization = await findOrganizationById(em, invitation.organizationId);
  if (!organization) throw new IdentityError('INVITATION_NOT_FOUND');
  const inviter = invitation.invitedById ? await findUserById(em, invitation.invitedById) : null;
  return {
    name: invitation.name,
    email: invitation.email,
    organizationName: organization.name,
    inviterName: inviter?.name ?? organization.name,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

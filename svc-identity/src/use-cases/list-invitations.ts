import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { InvitationSchema } from '../entities/invitation.js';
import { loadOwnerOrganization } from './guards.js';

/** Pending invitations (expired ones included, so the owner can see and revoke them). */
export async function listInvitations(em: EntityManager, actor: TActor) {
  const { organization } = await loadOwnerOrganization(em, actor);
  return em.find(
    InvitationSchema,
    { organizationId: organization.id, status: 'pending' },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

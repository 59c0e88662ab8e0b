import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { listPendingInvitations } from '../repositories/invitation.repository.js';
import { loadOwnerOrganization } from './guards.js';

/** Pending invitations (expired ones included, so the owner can see and revoke them). */
export async function listInvitations(em: EntityManager, actor: TActor) {
  const { organization } = await loadOwnerOrganization(em, actor);
  return listPendingInvitations(em, organization.id);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { listOrganizationMembers } from '../repositories/user.repository.js';
import { loadActorOrganization } from './guards.js';

/** Every member of the actor's organization (members see the list too; managing it is owner-only). */
export async function listMembers(em: EntityManager, actor: TActor) {
  const { organization } = await loadActorOrganization(em, actor);
  return listOrganizationMembers(em, organization.id);
}

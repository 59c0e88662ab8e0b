import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { findOrganizationById } from '../repositories/users.js';
import { loadActorUser } from './guards.js';

/** GET /api/auth/me: the user and the organization (with the subscription fields billing reported). */
export async function getCurrentSession(em: EntityManager, actor: TActor) {
  const user = await loadActorUser(em, actor);
  const organization = user.organizationId ? await findOrganizationById(em, user.organizationId) : null;
  return { user, organization };
}

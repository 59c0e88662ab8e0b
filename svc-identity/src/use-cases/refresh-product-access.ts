import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { loadActorUser } from './guards.js';

/**
 * POST /api/auth/update-access: the client asks after a purchase; access itself is only ever set by
 * billing.purchase.completed, so this re-reads the flag and never grants it.
 */
export async function refreshProductAccess(em: EntityManager, actor: TActor) {
  const user = await loadActorUser(em, actor);
  return { success: user.digitalProductAccess, user };
}

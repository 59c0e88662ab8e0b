import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { loadActorUser } from './guards.js';

/**
 * The name. The email is never changed here (issue 12): a new address needs the password and a link to it
 * (request-email-change.ts). Older clients that send the unchanged email are still served.
 */
export async function updateProfile(
  em: EntityManager,
  actor: TActor,
  input: { name: string; email?: string | undefined },
) {
  return em.transactional(async (tx) => {
    const user = await loadActorUser(tx, actor);
    if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
      throw new IdentityError('EMAIL_CHANGE_NEEDS_VERIFICATION');
    }
    user.name = input.name;
    return user;
  });
}

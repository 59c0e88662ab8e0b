import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { deleteSessionsOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { assertPasswordIsUncommon, hashPassword, verifyPassword } from '../security/passwords.js';
import { loadActorUser } from './guards.js';

/** Changes the password after checking the current one; every other session of the account ends. */
export async function changePassword(
  em: EntityManager,
  actor: TActor,
  input: { currentPassword: string; newPassword: string },
) {
  const user = await loadActorUser(em.fork(), actor);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new IdentityError('BAD_REQUEST', 'Current password is incorrect');
  }
  assertPasswordIsUncommon(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await em.transactional(async (tx) => {
    const fresh = await loadActorUser(tx, actor);
    fresh.passwordHash = passwordHash;
    await deleteSessionsOfUser(tx, fresh.id, actor.tokenHash);
    logActivity(tx, {
      userId: fresh.id,
      organizationId: fresh.organizationId,
      activityType: 'password_changed',
      description: `${fresh.name} changed their password`,
    });
  });
}

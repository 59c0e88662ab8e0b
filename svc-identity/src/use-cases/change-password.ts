import type { EntityManager } from '@mikro-orm/core';
import { requireVerifiedSession } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TRequestMeta } from '../deps.js';
import { deleteSessionsOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { assertPasswordIsUncommon, hashPassword } from '../security/passwords.js';
import { loadActorUser } from './guards.js';
import { confirmSessionPassword, type TPasswordCheckDeps } from './confirm-password.js';

/**
 * Changes the password after checking the current one (on the sign-in throttle); every other session of the
 * account ends. A guest checkout's unverified session is refused (it has no password anyway).
 */
export async function changePassword(
  em: EntityManager,
  deps: TPasswordCheckDeps,
  actor: TActor,
  input: { currentPassword: string; newPassword: string },
  meta: TRequestMeta,
) {
  requireVerifiedSession(actor);
  const user = await loadActorUser(em.fork(), actor);
  await confirmSessionPassword(
    em,
    deps,
    actor,
    user,
    input.currentPassword,
    meta,
    () => new IdentityError('BAD_REQUEST', 'Current password is incorrect'),
  );
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

import type { EntityManager } from '@mikro-orm/core';
import { requireVerifiedSession } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps, TRequestMeta } from '../deps.js';
import { deleteTwoFactor, findConfirmedCredential } from '../repositories/two-factor.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { markSessionAuthenticated } from '../repositories/session.repository.js';
import { loadActorUser } from './guards.js';
import { confirmPasswordOrCode, sendTwoFactorNotice } from './two-factor-checks.js';

/**
 * Turns two-factor sign-in off: the password is required (a code only for an account without one). The
 * secret and the recovery codes are deleted. When the organization requires two-factor, the user is
 * guided to enrol again (a new app) before going on.
 */
export async function disableTwoFactor(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  input: { password?: string | undefined; code?: string | undefined },
  meta: TRequestMeta,
): Promise<void> {
  requireVerifiedSession(actor);
  const user = await loadActorUser(em, actor);
  const credential = await findConfirmedCredential(em, user.id);
  if (!credential) throw new IdentityError('NOT_FOUND', 'Two-factor sign-in is not on.');
  const checked = await confirmPasswordOrCode(em, deps, user, credential, input, meta, {
    passwordRequired: true,
  });
  // The right password counts as a fresh authentication of this session (claim `aat`), as on email change.
  if (checked === 'password') await markSessionAuthenticated(em.fork(), actor.tokenHash);
  await em.transactional(async (tx) => {
    await deleteTwoFactor(tx, user.id);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'two_factor_disabled',
      description: `${user.name} turned off two-factor sign-in`,
    });
  });
  await sendTwoFactorNotice(deps, user, 'disabled', meta);
}

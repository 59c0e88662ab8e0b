import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps, TRequestMeta } from '../deps.js';
import { findConfirmedCredential, replaceRecoveryCodes } from '../repositories/two-factor.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { createRecoveryCodes } from '../security/two-factor.js';
import { loadActorUser } from './guards.js';
import { confirmPasswordOrCode } from './two-factor-checks.js';

/** Ten new recovery codes in place of the old ones (used or not), after the password or a current code. */
export async function regenerateRecoveryCodes(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  input: { password?: string | undefined; code?: string | undefined },
  meta: TRequestMeta,
) {
  const user = await loadActorUser(em, actor);
  const credential = await findConfirmedCredential(em, user.id);
  if (!credential) throw new IdentityError('NOT_FOUND', 'Two-factor sign-in is not on.');
  await confirmPasswordOrCode(em, deps, user, credential, input, meta, { passwordRequired: false });
  const recoveryCodes = createRecoveryCodes();
  await em.transactional(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, recoveryCodes.map(deps.twoFactor.hashRecoveryCode));
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'two_factor_recovery_codes_regenerated',
      description: `${user.name} generated new two-factor recovery codes`,
    });
  });
  return { recoveryCodes };
}

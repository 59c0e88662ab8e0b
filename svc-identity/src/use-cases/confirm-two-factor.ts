import type { EntityManager } from '@mikro-orm/core';
import { requireVerifiedSession } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps } from '../deps.js';
import { findTwoFactorCredential, replaceRecoveryCodes } from '../repositories/two-factor.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { createRecoveryCodes } from '../security/two-factor.js';
import { loadActorUser } from './guards.js';
import { acceptTotpCode, INVALID_CODE_MESSAGE } from './two-factor-checks.js';

/**
 * Confirms a pending enrolment with a code from the app (proving it holds the secret), turns two-factor
 * on and answers ten recovery codes, once: only their keyed digests are kept.
 */
export async function confirmTwoFactor(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  input: { code: string },
) {
  requireVerifiedSession(actor);
  return em.transactional(async (tx) => {
    const user = await loadActorUser(tx, actor);
    const credential = await findTwoFactorCredential(tx, user.id);
    if (!credential)
      throw new IdentityError('NOT_FOUND', 'Start the set-up first: no authenticator is waiting.');
    if (credential.confirmedAt) throw new IdentityError('CONFLICT', 'Two-factor sign-in is already on.');
    if ((await acceptTotpCode(tx, deps, credential, input.code)) !== 'ok')
      throw new IdentityError('BAD_REQUEST', INVALID_CODE_MESSAGE);
    credential.confirmedAt = new Date();
    const recoveryCodes = createRecoveryCodes();
    await replaceRecoveryCodes(tx, user.id, recoveryCodes.map(deps.twoFactor.hashRecoveryCode));
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'two_factor_enabled',
      description: `${user.name} turned on two-factor sign-in`,
    });
    return { recoveryCodes };
  });
}

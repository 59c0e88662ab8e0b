import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import type { IUser } from '../entities/user.js';
import { findUserById } from '../repositories/user.repository.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { createSession, deleteSessionByTokenHash } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import {
  countUnusedRecoveryCodes,
  deleteChallenge,
  findConfirmedCredential,
  lockLiveChallenge,
  spendRecoveryCode,
} from '../repositories/two-factor.repository.js';
import { isRecoveryCodeShaped } from '../security/two-factor.js';
import { SIGN_IN_CHALLENGE_MAX_ATTEMPTS } from './start-sign-in-challenge.js';
import {
  acceptTotpCode,
  recordSecondFactorFailure,
  refuseWhenThrottled,
  sendTwoFactorNotice,
} from './two-factor-checks.js';

export const REPLAYED_CODE_MESSAGE = 'This code has already been used. Wait for the next one in your app.';

type TOutcome =
  | {
      kind: 'signed-in';
      user: IUser;
      token: string;
      organizationId: number | null;
      secondFactor: 'totp' | 'recovery_code';
    }
  | { kind: 'failed'; user: IUser; message: string };

/**
 * The second step of a sign-in: the challenge from the browser's cookie and a code from the app (each
 * 30-second code once) or an unused recovery code (spent). Wrong answers count on the password's
 * throttle (account + address) and the challenge dies after a few; the session exists only after this.
 */
export async function verifyTwoFactorSignIn(
  em: EntityManager,
  deps: TIdentityDeps,
  input: {
    challengeToken: string | undefined;
    code?: string | undefined;
    recoveryCode?: string | undefined;
    previousTokenHash: string | null;
  },
  meta: TRequestMeta,
) {
  const { challengeToken } = input;
  if (!challengeToken) throw new IdentityError('SIGN_IN_CHALLENGE_EXPIRED');

  // One transaction holds the challenge's row lock: attempts on one challenge never interleave. A failure
  // is returned, not thrown, so the attempt count it adds is committed.
  const outcome = await em.transactional(async (tx): Promise<TOutcome> => {
    const challenge = await lockLiveChallenge(tx, challengeToken);
    if (!challenge) throw new IdentityError('SIGN_IN_CHALLENGE_EXPIRED');
    const user = await findUserById(tx, challenge.userId);
    const credential = user ? await findConfirmedCredential(tx, user.id) : null;
    if (!user || !credential) {
      await deleteChallenge(tx, challenge.id);
      throw new IdentityError('SIGN_IN_CHALLENGE_EXPIRED');
    }
    await refuseWhenThrottled(deps, user, meta);

    let failure: string | null = null;
    let secondFactor: 'totp' | 'recovery_code' = 'totp';
    if (input.code !== undefined) {
      const result = await acceptTotpCode(tx, deps, credential, input.code);
      if (result === 'replayed') failure = REPLAYED_CODE_MESSAGE;
      else if (result === 'wrong') failure = 'Invalid code. Please try again.';
    } else {
      secondFactor = 'recovery_code';
      const code = input.recoveryCode ?? '';
      const spent =
        isRecoveryCodeShaped(code) &&
        (await spendRecoveryCode(tx, user.id, deps.twoFactor.hashRecoveryCode(code)));
      if (!spent) failure = 'Invalid or already used recovery code.';
    }

    if (failure) {
      challenge.failedAttempts += 1;
      if (challenge.failedAttempts >= SIGN_IN_CHALLENGE_MAX_ATTEMPTS) {
        await deleteChallenge(tx, challenge.id);
        failure = 'Too many wrong codes. Please sign in again.';
      }
      return { kind: 'failed', user, message: failure };
    }

    await deleteChallenge(tx, challenge.id);
    if (input.previousTokenHash) await deleteSessionByTokenHash(tx, input.previousTokenHash);
    const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'sign_in',
      description: `${user.name} signed in with two-factor`,
      metadata: { method: challenge.method, secondFactor },
    });
    return {
      kind: 'signed-in',
      user,
      token: session.token,
      organizationId: user.organizationId,
      secondFactor,
    };
  });

  if (outcome.kind === 'failed') {
    await recordSecondFactorFailure(deps, outcome.user, meta);
    throw new IdentityError('INVALID_TWO_FACTOR_CODE', outcome.message);
  }
  await deps.throttle.recordLoginSuccess(outcome.user.email, meta.ip);
  if (outcome.secondFactor === 'recovery_code')
    await sendTwoFactorNotice(
      deps,
      outcome.user,
      'recovery-code-used',
      meta,
      await countUnusedRecoveryCodes(em.fork(), outcome.user.id),
    );
  const organization = outcome.organizationId
    ? await findOrganizationById(em.fork(), outcome.organizationId)
    : null;
  return { user: outcome.user, organization, token: outcome.token };
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import type { IUser } from '../entities/user.js';
import type { ITwoFactorCredential } from '../entities/two-factor.js';
import { takeTotpStep } from '../repositories/two-factor.repository.js';
import { findTotpStep } from '../security/two-factor.js';
import { verifyPassword } from '../security/passwords.js';
import { renderTwoFactorNoticeEmail, renderTwoFactorThrottledEmail } from '../emails/two-factor-templates.js';
import { THROTTLED_MESSAGE } from './login-user.js';

export const INVALID_CODE_MESSAGE = 'Invalid code. Please try again.';

/** The context a secret is sealed with: a sealed secret copied to another user's row does not open. */
export const secretContext = (userId: number) => `two-factor:${userId}`;

/**
 * Checks a TOTP code against the user's authenticator and takes its time step: 'ok', 'wrong', or
 * 'replayed' (right code, but its step was already accepted: a code is good once).
 */
export async function acceptTotpCode(
  em: EntityManager,
  deps: TIdentityDeps,
  credential: ITwoFactorCredential,
  code: string,
): Promise<'ok' | 'wrong' | 'replayed'> {
  const secret = deps.twoFactor.secretBox.decrypt(credential.secretSealed, secretContext(credential.userId));
  const step = findTotpStep(secret, code);
  if (step === null) return 'wrong';
  return (await takeTotpStep(em, credential.id, step)) ? 'ok' : 'replayed';
}

/** Refuses the attempt when the account, from this address, is paused (the password's own limits). */
export async function refuseWhenThrottled(deps: TIdentityDeps, user: IUser, meta: TRequestMeta) {
  if (await deps.throttle.isLoginBlocked(user.email, meta.ip))
    throw new IdentityError('THROTTLED', THROTTLED_MESSAGE);
}

/**
 * A wrong second factor counts as a failed sign-in of the account from this address, on the same
 * counters as a wrong password; when a limit engages the owner is emailed (once), after the answer.
 */
export async function recordSecondFactorFailure(deps: TIdentityDeps, user: IUser, meta: TRequestMeta) {
  const backoff = await deps.throttle.recordLoginFailure(user.email, meta.ip);
  if (!backoff) return;
  const content = renderTwoFactorThrottledEmail({
    name: user.name,
    ip: meta.ip,
    scope: backoff,
    minutes: Math.round(deps.config.throttle.blockSeconds / 60),
    resetUrl: `${deps.config.PUBLIC_URL}/forgot-password`,
  });
  await deps.mailer.send(user.email, content, 'two-factor-throttled').catch((error: unknown) => {
    deps.logger.error({ err: error, kind: 'two-factor-throttled', userId: user.id }, 'email failed');
  });
}

/**
 * Turning two-factor off or replacing the recovery codes: the password (throttled like sign-in), or for an
 * account without one (Google only) a current code. Answers which of the two was checked.
 */
export async function confirmPasswordOrCode(
  em: EntityManager,
  deps: TIdentityDeps,
  user: IUser,
  credential: ITwoFactorCredential,
  input: { password?: string | undefined; code?: string | undefined },
  meta: TRequestMeta,
  options: { passwordRequired: boolean },
): Promise<'password' | 'code'> {
  await refuseWhenThrottled(deps, user, meta);
  const usePassword =
    user.passwordHash !== null && (options.passwordRequired || input.password !== undefined);
  if (usePassword) {
    if (input.password !== undefined && (await verifyPassword(user.passwordHash, input.password)))
      return 'password';
    await recordSecondFactorFailure(deps, user, meta);
    throw new IdentityError('WRONG_PASSWORD');
  }
  if (input.code !== undefined && (await acceptTotpCode(em, deps, credential, input.code)) === 'ok')
    return 'code';
  await recordSecondFactorFailure(deps, user, meta);
  // 400, not 401: the caller is signed in, and a 401 would read as a lost session.
  throw new IdentityError('BAD_REQUEST', INVALID_CODE_MESSAGE);
}

/** Tells the owner of a security change (after the change is committed; a failed email is logged, not thrown). */
export async function sendTwoFactorNotice(
  deps: TIdentityDeps,
  user: IUser,
  event: 'disabled' | 'recovery-code-used',
  meta: TRequestMeta,
  remainingCodes?: number,
) {
  const content = renderTwoFactorNoticeEmail({
    name: user.name,
    event,
    ip: meta.ip,
    ...(remainingCodes === undefined ? {} : { remainingCodes }),
    settingsUrl: `${deps.config.PUBLIC_URL}/settings`,
  });
  const kind = `two-factor-${event}`;
  await deps.mailer.send(user.email, content, kind).catch((error: unknown) => {
    deps.logger.error({ err: error, kind, userId: user.id }, 'email failed');
  });
}

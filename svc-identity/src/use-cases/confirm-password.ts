import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import type { IUser } from '../entities/user.js';
import type { EntityManager } from '@mikro-orm/core';
import { verifyPassword } from '../security/passwords.js';
import { markSessionAuthenticated } from '../repositories/session.repository.js';
import { renderSignInThrottledEmail } from '../emails/templates.js';
import { THROTTLED_MESSAGE } from './login-user.js';

export type TPasswordCheckDeps = Pick<TIdentityDeps, 'throttle' | 'mailer' | 'config' | 'logger'>;

/**
 * Every password re-entry (email change, password change, account and organization deletion,
 * re-authentication) on the sign-in throttle's own counters, per account and IP and per account (issue 20):
 * a stolen session cannot guess the password faster than a sign-in form could. Refused while the account is
 * paused from this address (429, the sign-in message); a wrong password counts as a failed sign-in, and the
 * owner is emailed when a limit engages, as for sign-in. `wrong` is the route's own answer to a wrong password.
 */
export async function confirmPassword(
  deps: TPasswordCheckDeps,
  user: IUser,
  password: string,
  meta: TRequestMeta,
  wrong: () => Error = () => new IdentityError('WRONG_PASSWORD'),
): Promise<void> {
  if (await deps.throttle.isLoginBlocked(user.email, meta.ip))
    throw new IdentityError('THROTTLED', THROTTLED_MESSAGE);
  if (await verifyPassword(user.passwordHash, password)) {
    await deps.throttle.recordLoginSuccess(user.email, meta.ip);
    return;
  }
  const backoff = await deps.throttle.recordLoginFailure(user.email, meta.ip);
  if (backoff) {
    const content = renderSignInThrottledEmail({
      name: user.name,
      ip: meta.ip,
      scope: backoff,
      minutes: Math.round(deps.config.throttle.blockSeconds / 60),
      resetUrl: `${deps.config.PUBLIC_URL}/forgot-password`,
    });
    await deps.mailer.send(user.email, content, 'sign-in-throttled').catch((error: unknown) => {
      deps.logger.error({ err: error, kind: 'sign-in-throttled', userId: user.id }, 'email failed');
    });
  }
  throw wrong();
}

/**
 * confirmPassword for the signed-in user's own session: a right password also counts as a fresh
 * authentication of that session (its authenticated_at, claim `aat`, is now).
 */
export async function confirmSessionPassword(
  em: EntityManager,
  deps: TPasswordCheckDeps,
  session: { tokenHash: string },
  user: IUser,
  password: string,
  meta: TRequestMeta,
  wrong?: () => Error,
): Promise<void> {
  await confirmPassword(deps, user, password, meta, wrong);
  await markSessionAuthenticated(em.fork(), session.tokenHash);
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { findResetTokenByHash, spendResetTokens } from '../repositories/password-reset-token.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { deleteSessionsOfUser, verifySessionOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { assertPasswordIsUncommon, hashPassword } from '../security/passwords.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

/** The token's row, or the error its state calls for (unknown or used 404, expired 410). */
async function findUsableResetToken(em: EntityManager, tokenHash: string, lock: boolean) {
  const row = await findResetTokenByHash(em, tokenHash, { lock });
  if (!row || row.used) throw new IdentityError('RESET_TOKEN_INVALID');
  if (row.expiresAt.getTime() <= Date.now()) throw new IdentityError('RESET_TOKEN_EXPIRED');
  return row;
}

/**
 * Sets a new password with an emailed token: single use, 1 hour; every OTHER session of the account ends. The
 * browser that used the link keeps its session of this account, now verified (the link reached the address:
 * a guest buyer's auto-login session, issue 20); a session opened elsewhere (a takeover of the checkout) ends.
 * `presented`: the digests of the session tokens the request carried.
 * Attempts are limited per token and per client IP (a strict limit of its own, not the general one); the
 * token is checked before the (deliberately slow) hash, so guessing tokens costs the server nothing, and
 * re-checked under a row lock before it is spent.
 */
export async function resetPassword(
  em: EntityManager,
  deps: Pick<TIdentityDeps, 'throttle'>,
  input: { token: string; password: string },
  meta: TRequestMeta,
  presented: readonly string[] = [],
): Promise<{ keptSession: boolean }> {
  if (!isPlausibleToken(input.token)) throw new IdentityError('RESET_TOKEN_INVALID');
  const tokenHash = hashToken(input.token);
  if (!(await deps.throttle.allowResetAttempt(tokenHash, meta.ip))) throw new IdentityError('THROTTLED');
  await findUsableResetToken(em.fork(), tokenHash, false);
  assertPasswordIsUncommon(input.password);
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const row = await findUsableResetToken(tx, tokenHash, true);
    const user = await findUserById(tx, row.userId);
    if (!user) throw new IdentityError('RESET_TOKEN_INVALID');
    user.passwordHash = passwordHash;
    // The reset link reached the address: it is proven (a guest buyer's set-password link among them).
    user.emailVerifiedAt ??= new Date();
    // This token and any other outstanding one for the account are spent.
    await spendResetTokens(tx, user.id);
    let kept: string | undefined;
    for (const tokenHash of presented) {
      if (await verifySessionOfUser(tx, user.id, tokenHash, { authenticated: true })) {
        kept = tokenHash;
        break;
      }
    }
    await deleteSessionsOfUser(tx, user.id, kept);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'password_reset',
      description: `${user.name} reset their password`,
      meta,
    });
    return { keptSession: kept !== undefined };
  });
}

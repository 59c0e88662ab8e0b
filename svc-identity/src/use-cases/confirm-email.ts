import type { EntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { TConfirmEmailResponse } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps } from '../deps.js';
import { spendResetTokens } from '../repositories/password-reset-token.repository.js';
import { findUserByEmail, findUserById } from '../repositories/user.repository.js';
import { findEmailToken, spendEmailTokens } from '../repositories/email-verification.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { verifySessionOfUser } from '../repositories/session.repository.js';
import { isPlausibleToken } from '../security/tokens.js';
import { renderEmailChanged } from '../emails/account-templates.js';

export const EMAIL_VERIFIED_MESSAGE = 'Your email address is verified.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address has been changed. Use it to sign in from now on.';

/**
 * Follows an emailed link (signed in or not: the link is the proof). A `verify` link marks the address it
 * was sent to as verified, if it is still the account's; a `change` link moves the account to the new
 * address (verified, since the link reached it), spends every other outstanding link and reset token (they
 * were sent to the old address), and tells the old address. Single use, checked under a row lock. The
 * browser that followed it, signed in to that account by a guest checkout (an unverified session), has now
 * proven the address: its session is verified (issue 20). `presented`: the request's session token digests.
 */
export async function confirmEmail(
  em: EntityManager,
  deps: TIdentityDeps,
  token: string,
  presented: readonly string[] = [],
): Promise<TConfirmEmailResponse> {
  if (!isPlausibleToken(token)) throw new IdentityError('EMAIL_TOKEN_INVALID');
  let changed: { oldEmail: string; newEmail: string; name: string } | null = null;
  let result: TConfirmEmailResponse;
  try {
    result = await em.transactional(async (tx) => {
      const row = await findEmailToken(tx, token, { lock: true });
      if (!row || row.usedAt) throw new IdentityError('EMAIL_TOKEN_INVALID');
      if (row.expiresAt.getTime() <= Date.now()) throw new IdentityError('EMAIL_TOKEN_EXPIRED');
      const user = await findUserById(tx, row.userId);
      if (!user) throw new IdentityError('EMAIL_TOKEN_INVALID');
      const now = new Date();
      row.usedAt = now;
      for (const tokenHash of presented)
        await verifySessionOfUser(tx, user.id, tokenHash, { authenticated: false });

      if (row.purpose === 'verify') {
        // A link to an address the account no longer has proves nothing about the current one.
        if (row.email !== user.email) throw new IdentityError('EMAIL_TOKEN_INVALID');
        user.emailVerifiedAt ??= now;
        return { outcome: 'verified' as const, email: user.email, message: EMAIL_VERIFIED_MESSAGE };
      }

      const other = await findUserByEmail(tx, row.email);
      if (other && other.id !== user.id) throw new IdentityError('EMAIL_TAKEN');
      changed = { oldEmail: user.email, newEmail: row.email, name: user.name };
      user.email = row.email;
      user.emailVerifiedAt = now;
      await tx.flush();
      await spendEmailTokens(tx, user.id);
      await spendResetTokens(tx, user.id);
      logActivity(tx, {
        userId: user.id,
        organizationId: user.organizationId,
        activityType: 'email_changed',
        description: `${user.name} changed their email address`,
      });
      return { outcome: 'changed' as const, email: user.email, message: EMAIL_CHANGED_MESSAGE };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new IdentityError('EMAIL_TAKEN');
    throw error;
  }
  const done = changed as { oldEmail: string; newEmail: string; name: string } | null;
  if (done) {
    await deps.mailer
      .send(
        done.oldEmail,
        renderEmailChanged({
          name: done.name,
          newEmail: done.newEmail,
          supportEmail: deps.config.supportEmail,
        }),
        'email-changed',
      )
      .catch((error: unknown) => deps.logger.error({ err: error, kind: 'email-changed' }, 'notice failed'));
  }
  return result;
}

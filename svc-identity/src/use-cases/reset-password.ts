import type { EntityManager } from '@mikro-orm/core';
import { LockMode } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import { PasswordResetTokenSchema } from '../entities/password-reset-token.js';
import { findUserById } from '../repositories/user.repository.js';
import { deleteSessionsOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { hashPassword } from '../security/passwords.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

export const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has already been used.';
export const RESET_EXPIRED_MESSAGE = 'This password reset link has expired. Please request a new one.';

/** Sets a new password with an emailed token: single use, 1 hour; every session of the account ends. */
export async function resetPassword(em: EntityManager, input: { token: string; password: string }) {
  if (!isPlausibleToken(input.token)) throw new IdentityError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  await em.transactional(async (tx) => {
    const row = await tx.findOne(
      PasswordResetTokenSchema,
      { tokenHash: hashToken(input.token) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row || row.used) throw new IdentityError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE);
    if (row.expiresAt.getTime() <= Date.now())
      throw new IdentityError('RESET_TOKEN_EXPIRED', RESET_EXPIRED_MESSAGE);
    const user = await findUserById(tx, row.userId);
    if (!user) throw new IdentityError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE);
    user.passwordHash = passwordHash;
    // This token and any other outstanding one for the account are spent.
    await tx.nativeUpdate(PasswordResetTokenSchema, { userId: user.id, used: false }, { used: true });
    await deleteSessionsOfUser(tx, user.id);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'password_reset',
      description: `${user.name} reset their password`,
    });
  });
}

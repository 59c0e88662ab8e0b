import type { EntityManager } from '@mikro-orm/core';
import { LockMode } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import { PasswordResetTokenSchema } from '../entities/password-reset-token.js';
import { findUserById } from '../repositories/user.repository.js';
import { deleteSessionsOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { hashPassword } from '../security/passwords.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

/** Sets a new password with an emailed token: single use, 1 hour; every session of the account ends. */
export async function resetPassword(em: EntityManager, input: { token: string; password: string }) {
  if (!isPlausibleToken(input.token)) throw new IdentityError('RESET_TOKEN_INVALID');
  const passwordHash = await hashPassword(input.password);
  await em.transactional(async (tx) => {
    const row = await tx.findOne(
      PasswordResetTokenSchema,
      { tokenHash: hashToken(input.token) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row || row.used) throw new IdentityError('RESET_TOKEN_INVALID');
    if (row.expiresAt.getTime() <= Date.now()) throw new IdentityError('RESET_TOKEN_EXPIRED');
    const user = await findUserById(tx, row.userId);
    if (!user) throw new IdentityError('RESET_TOKEN_INVALID');
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

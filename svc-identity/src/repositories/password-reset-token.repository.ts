import { LockMode, type EntityManager } from '@mikro-orm/core';
import { PasswordResetTokenSchema, type IPasswordResetToken } from '../entities/password-reset-token.js';

type TNewResetToken = Pick<IPasswordResetToken, 'userId' | 'tokenHash' | 'expiresAt'>;

export const findResetTokenByHash = (
  em: EntityManager,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<IPasswordResetToken | null> =>
  em.findOne(
    PasswordResetTokenSchema,
    { tokenHash },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );

/** Written at once (an INSERT now, outside the unit of work). */
export const insertResetToken = (em: EntityManager, token: TNewResetToken) =>
  em.insert(PasswordResetTokenSchema, { ...token, used: false, createdAt: new Date() });

/** Added to the unit of work: written with the account it belongs to when the caller flushes. */
export const addResetToken = (em: EntityManager, token: TNewResetToken) =>
  em.create(PasswordResetTokenSchema, { ...token, used: false, createdAt: new Date() });

/** Every outstanding token of the account is spent (a password was set or the address changed). */
export const spendResetTokens = (em: EntityManager, userId: number) =>
  em.nativeUpdate(PasswordResetTokenSchema, { userId, used: false }, { used: true });

import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  EmailVerificationTokenSchema,
  type IEmailVerificationToken,
} from '../entities/email-verification-token.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';

/**
 * A new single-use link for `email`. Earlier unspent links of the same user and purpose are spent: only
 * the latest verification link works, and a second change request replaces the first.
 */
export async function createEmailToken(
  em: EntityManager,
  input: { userId: number; purpose: IEmailVerificationToken['purpose']; email: string; ttlMs: number },
): Promise<{ token: string; record: IEmailVerificationToken }> {
  await spendEmailTokens(em, input.userId, input.purpose);
  const token = createOpaqueToken();
  const record = em.create(EmailVerificationTokenSchema, {
    userId: input.userId,
    tokenHash: hashToken(token),
    purpose: input.purpose,
    email: input.email,
    expiresAt: new Date(Date.now() + input.ttlMs),
    usedAt: null,
    createdAt: new Date(),
  });
  return { token, record };
}

/** Spends every unspent link of a user (of one purpose, or all). */
export const spendEmailTokens = (
  em: EntityManager,
  userId: number,
  purpose?: IEmailVerificationToken['purpose'],
): Promise<number> =>
  em.nativeUpdate(
    EmailVerificationTokenSchema,
    { userId, usedAt: null, ...(purpose ? { purpose } : {}) },
    { usedAt: new Date() },
  );

/** The link a token names, locked for update when asked (two clicks cannot both use it). */
export const findEmailToken = (
  em: EntityManager,
  token: string,
  options: { lock?: boolean } = {},
): Promise<IEmailVerificationToken | null> =>
  em.findOne(
    EmailVerificationTokenSchema,
    { tokenHash: hashToken(token) },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );

/** The email change waiting for its link: unspent and unexpired (the newest, there is at most one). */
export const findPendingEmailChange = (
  em: EntityManager,
  userId: number,
): Promise<IEmailVerificationToken | null> =>
  em.findOne(
    EmailVerificationTokenSchema,
    { userId, purpose: 'change', usedAt: null, expiresAt: { $gt: new Date() } },
    { orderBy: { id: 'desc' } },
  );

import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  RecoveryCodeSchema,
  SignInChallengeSchema,
  TwoFactorCredentialSchema,
  type ISignInChallenge,
  type ITwoFactorCredential,
} from '../entities/two-factor.js';
import { UserSchema } from '../entities/user.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';

export const findTwoFactorCredential = (
  em: EntityManager,
  userId: number,
): Promise<ITwoFactorCredential | null> => em.findOne(TwoFactorCredentialSchema, { userId });

/** The confirmed authenticator of a user, or null (none, or enrolment still pending). */
export const findConfirmedCredential = (
  em: EntityManager,
  userId: number,
): Promise<ITwoFactorCredential | null> =>
  em.findOne(TwoFactorCredentialSchema, { userId, confirmedAt: { $ne: null } });

/** A new pending enrolment replaces any earlier pending one (a new secret each time). */
export async function savePendingCredential(
  em: EntityManager,
  userId: number,
  secretSealed: string,
): Promise<void> {
  await em.nativeDelete(TwoFactorCredentialSchema, { userId, confirmedAt: null });
  em.create(TwoFactorCredentialSchema, {
    userId,
    secretSealed,
    confirmedAt: null,
    lastUsedStep: null,
    createdAt: new Date(),
  });
  await em.flush();
}

/**
 * Accepts a TOTP time step once: a compare-and-set on last_used_step, so two requests racing with the same
 * code (or a replay within the code's window) cannot both pass. True when this call took the step.
 */
export async function takeTotpStep(em: EntityManager, credentialId: number, step: number): Promise<boolean> {
  const taken = await em.nativeUpdate(
    TwoFactorCredentialSchema,
    { id: credentialId, $or: [{ lastUsedStep: null }, { lastUsedStep: { $lt: step } }] },
    { lastUsedStep: step },
  );
  return taken === 1;
}

export const deleteTwoFactor = async (em: EntityManager, userId: number): Promise<void> => {
  await em.nativeDelete(RecoveryCodeSchema, { userId });
  await em.nativeDelete(TwoFactorCredentialSchema, { userId });
};

/** Replaces every recovery code of the user with the given digests. */
export async function replaceRecoveryCodes(
  em: EntityManager,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await em.nativeDelete(RecoveryCodeSchema, { userId });
  for (const codeHash of codeHashes)
    em.create(RecoveryCodeSchema, { userId, codeHash, usedAt: null, createdAt: new Date() });
  await em.flush();
}

/** Spends one recovery code (compare-and-set on used_at): true when it was unused and is now spent. */
export async function spendRecoveryCode(
  em: EntityManager,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const spent = await em.nativeUpdate(
    RecoveryCodeSchema,
    { userId, codeHash, usedAt: null },
    { usedAt: new Date() },
  );
  return spent === 1;
}

export const countUnusedRecoveryCodes = (em: EntityManager, userId: number): Promise<number> =>
  em.count(RecoveryCodeSchema, { userId, usedAt: null });

/** Members of an organization without a confirmed authenticator. */
export async function countMembersWithoutTwoFactor(
  em: EntityManager,
  organizationId: number,
): Promise<number> {
  const members = await em.find(UserSchema, { organizationId }, { fields: ['id'] });
  if (members.length === 0) return 0;
  const enrolled = await em.count(TwoFactorCredentialSchema, {
    userId: { $in: members.map((m) => m.id) },
    confirmedAt: { $ne: null },
  });
  return members.length - enrolled;
}

/** A sign-in challenge: the opaque token for the cookie (stored only as its sha256). */
export function createSignInChallenge(
  em: EntityManager,
  userId: number,
  method: 'password' | 'google',
  ttlSeconds: number,
): string {
  const token = createOpaqueToken();
  em.create(SignInChallengeSchema, {
    tokenHash: hashToken(token),
    userId,
    method,
    failedAttempts: 0,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    createdAt: new Date(),
  });
  return token;
}

/** The live challenge of a cookie's token, locked for the attempt (no two attempts interleave). */
export const lockLiveChallenge = (em: EntityManager, token: string): Promise<ISignInChallenge | null> =>
  em.findOne(
    SignInChallengeSchema,
    { tokenHash: hashToken(token), expiresAt: { $gt: new Date() } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );

export const deleteChallenge = (em: EntityManager, id: number): Promise<number> =>
  em.nativeDelete(SignInChallengeSchema, { id });

/** Housekeeping: challenges past their expiry. */
export const deleteExpiredChallenges = (em: EntityManager): Promise<number> =>
  em.nativeDelete(SignInChallengeSchema, { expiresAt: { $lt: new Date() } });

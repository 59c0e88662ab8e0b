import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';

/**
 * A user's TOTP authenticator (RFC 6238). One row per user: created unconfirmed when enrolment starts,
 * confirmed by the first correct code; removed when two-factor is turned off.
 */
export interface ITwoFactorCredential {
  id: number;
  userId: number;
  /** The base32 secret, AES-256-GCM sealed with TWO_FACTOR_ENCRYPTION_KEY (service-kit `secret-box.ts`), bound to the user id. */
  secretSealed: string;
  /** Null while enrolment is pending: the secret does not protect sign-in until a code confirmed it. */
  confirmedAt: Date | null;
  /** The last accepted 30-second time step: a code of that step or an earlier one is a replay and is refused. */
  lastUsedStep: number | null;
  createdAt: Date;
}

export const TwoFactorCredentialSchema = new EntitySchema<ITwoFactorCredential>({
  name: 'TwoFactorCredential',
  tableName: 'two_factor_credentials',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    // The unique constraint below indexes user_id.
    userId: foreignKey('User', 'two_factor_credentials', 'user_id', 'cascade'),
    secretSealed: { type: 'string', length: 255 },
    confirmedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastUsedStep: { type: 'number', nullable: true },
    createdAt: createdAtColumn,
  },
  uniques: [{ name: 'two_factor_credentials_user_id_unique', properties: ['userId'] }],
});

/** One of the ten single-use recovery codes shown once at enrolment (or regeneration). */
export interface IRecoveryCode {
  id: number;
  userId: number;
  /** HMAC-SHA256 of the normalized code under a key derived from TWO_FACTOR_ENCRYPTION_KEY (hex). */
  codeHash: string;
  usedAt: Date | null;
  createdAt: Date;
}

export const RecoveryCodeSchema = new EntitySchema<IRecoveryCode>({
  name: 'RecoveryCode',
  tableName: 'two_factor_recovery_codes',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: foreignKey('User', 'two_factor_recovery_codes', 'user_id', 'cascade'),
    codeHash: { type: 'string', columnType: 'char(64)' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: createdAtColumn,
  },
  uniques: [{ name: 'two_factor_recovery_codes_user_code_unique', properties: ['userId', 'codeHash'] }],
});

/**
 * The second step of a sign-in: a correct password (or Google) for an account with two-factor gives this,
 * not a session. Its opaque token travels only in an HttpOnly cookie; single use, short-lived, and dropped
 * after a few wrong codes.
 */
export interface ISignInChallenge {
  id: number;
  /** sha256 of the cookie's token (hex). */
  tokenHash: string;
  userId: number;
  /** How the first factor was given: `password` or `google`. */
  method: string;
  failedAttempts: number;
  expiresAt: Date;
  createdAt: Date;
}

export const SignInChallengeSchema = new EntitySchema<ISignInChallenge>({
  name: 'SignInChallenge',
  tableName: 'sign_in_challenges',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    userId: foreignKey('User', 'sign_in_challenges', 'user_id', 'cascade'),
    method: { type: 'string', length: 16 },
    failedAttempts: { type: 'number', default: 0 },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    createdAt: createdAtColumn,
  },
});

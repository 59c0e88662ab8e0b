import argon2 from 'argon2';
import { IdentityError } from '../errors.js';
import { isCommonPassword } from './common-passwords.js';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A new password (register, invited profile, reset, change) must not be one of the most common ones. */
export function assertPasswordIsUncommon(password: string): void {
  if (isCommonPassword(password)) throw new IdentityError('PASSWORD_TOO_COMMON');
}

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;
/** A hash of a random password with the same parameters, verified when the account has none (equal timing). */
const getDummyHash = (): Promise<string> =>
  (dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`));

/**
 * Verifies a password against a stored hash. With no hash (unknown email, Google-only account) it still
 * spends the same work on a dummy hash and answers false, so timing does not reveal whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Warm the dummy hash at boot so the first unknown-email sign-in is not faster or slower than the rest. */
export const warmPasswordHasher = async (): Promise<void> => {
  await getDummyHash();
};

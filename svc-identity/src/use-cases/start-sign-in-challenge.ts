import type { EntityManager } from '@mikro-orm/core';
import { createSignInChallenge, findConfirmedCredential } from '../repositories/two-factor.repository.js';

/** How long the second step of a sign-in may wait for its code. */
export const SIGN_IN_CHALLENGE_SECONDS = 300;
/** Wrong codes one challenge takes before it is dropped (the password must be given again). */
export const SIGN_IN_CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * After the first factor (password or Google) of an account with two-factor on: a short-lived, single-use
 * challenge instead of a session. Null when the account has no confirmed authenticator (sign in now).
 * The token goes into an HttpOnly cookie only (routes/two-factor-cookie.ts).
 */
export async function startSignInChallenge(
  em: EntityManager,
  userId: number,
  method: 'password' | 'google',
): Promise<string | null> {
  if (!(await findConfirmedCredential(em, userId))) return null;
  const token = createSignInChallenge(em, userId, method, SIGN_IN_CHALLENGE_SECONDS);
  await em.flush();
  return token;
}

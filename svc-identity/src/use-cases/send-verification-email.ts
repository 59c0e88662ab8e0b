import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps } from '../deps.js';
import type { IUser } from '../entities/user.js';
import { createEmailToken } from '../repositories/email-verification.repository.js';
import { renderVerifyEmail } from '../emails/account-templates.js';

export const EMAIL_TOKEN_TTL_MS = 3_600_000;

/** `${PUBLIC_URL}/verify-email?token=...`: the page that posts the token to /api/account/email/confirm. */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Emails a 1-hour single-use link that proves the account's current address (earlier links stop working).
 * `onFailure: 'log'` after registration (the account stands; "Resend" is there), `'throw'` for Resend.
 */
export async function sendVerificationEmail(
  em: EntityManager,
  deps: TIdentityDeps,
  user: Pick<IUser, 'id' | 'email' | 'name'>,
  onFailure: 'log' | 'throw',
): Promise<void> {
  const { token } = await em.fork().transactional((tx) =>
    createEmailToken(tx, {
      userId: user.id,
      purpose: 'verify',
      email: user.email,
      ttlMs: EMAIL_TOKEN_TTL_MS,
    }),
  );
  const content = renderVerifyEmail({
    name: user.name,
    link: verifyEmailLink(deps.config.PUBLIC_URL, token),
  });
  try {
    await deps.mailer.send(user.email, content, 'verify-email');
  } catch (error) {
    deps.logger.error({ err: error, kind: 'verify-email', userId: user.id }, 'verification email failed');
    if (onFailure === 'throw') throw new IdentityError('EMAIL_FAILED');
  }
}

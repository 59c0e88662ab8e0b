import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { insertResetToken } from '../repositories/password-reset-token.repository.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';
import { renderPasswordResetEmail } from '../emails/templates.js';
import { recordActivity } from './record-activity.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, a password reset link has been sent.';
export const RESET_TTL_MS = 3_600_000;

/**
 * Emails a 1-hour single-use reset link (`${PUBLIC_URL}/reset-password?token=...`). The answer is the
 * same whether or not the account exists, and the email is sent after the answer so timing says nothing.
 */
export async function requestPasswordReset(
  em: EntityManager,
  deps: TIdentityDeps,
  input: { email: string },
  meta: TRequestMeta,
): Promise<{ delivery: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  if (!(await deps.throttle.allowPasswordReset(email, meta.ip))) {
    throw new IdentityError('THROTTLED', 'Too many password reset requests. Please try again later.');
  }
  const user = await findUserByEmail(em, email);
  if (!user) return { delivery: Promise.resolve() };
  const token = createOpaqueToken();
  await insertResetToken(em, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  await recordActivity(
    em,
    {
      organizationId: user.organizationId,
      userId: user.id,
      actor: user,
      activityType: 'password_reset_requested',
      description: `A password reset link was requested for ${user.name}`,
      target: { type: 'user', id: user.id, label: user.email },
      meta,
    },
    deps.logger,
  );
  const link = `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
  const delivery = deps.mailer
    .send(user.email, renderPasswordResetEmail({ name: user.name, link }), 'password-reset')
    .catch((error: unknown) => {
      deps.logger.error(
        { err: error, kind: 'password-reset', userId: user.id },
        'password reset email failed',
      );
    });
  return { delivery };
}

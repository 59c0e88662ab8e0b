import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { createSession, deleteSessionByTokenHash } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { recordActivity } from './record-activity.js';
import { verifyPassword } from '../security/passwords.js';
import { renderSignInThrottledEmail } from '../emails/templates.js';
import { startSignInChallenge } from './start-sign-in-challenge.js';

export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please try again later.';

/**
 * Email and password sign-in. Unknown email and wrong password give the same answer after the same
 * work (a dummy hash is verified); failures are throttled per account and per IP; a successful
 * sign-in replaces the session the browser held (rotation). With two-factor on, the answer is a sign-in
 * challenge (use-cases/verify-two-factor-sign-in.ts completes it).
 */
export async function loginUser(
  em: EntityManager,
  deps: TIdentityDeps,
  input: { email: string; password: string; previousTokenHash: string | null },
  meta: TRequestMeta,
) {
  const email = input.email.trim().toLowerCase();
  if (await deps.throttle.isLoginBlocked(email, meta.ip))
    throw new IdentityError('THROTTLED', THROTTLED_MESSAGE);

  const user = await findUserByEmail(em, email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid) {
    const backoff = await deps.throttle.recordLoginFailure(email, meta.ip);
    // The account's organization sees failed sign-ins to it (never the password tried); an unknown email
    // belongs to no organization and is not recorded.
    if (user)
      await recordActivity(
        em,
        {
          organizationId: user.organizationId,
          userId: user.id,
          actor: user,
          activityType: 'sign_in_failed',
          description: `Failed sign-in to ${user.name}'s account`,
          target: { type: 'user', id: user.id, label: user.email },
          metadata: {
            method: 'password',
            reason: 'wrong_password',
            ...(backoff ? { throttled: backoff } : {}),
          },
          meta,
        },
        deps.logger,
      );
    // The owner hears of it when a limit engages (once each time), after the answer is decided; nothing is
    // sent for an email that has no account.
    if (backoff && user) {
      const content = renderSignInThrottledEmail({
        name: user.name,
        ip: meta.ip,
        scope: backoff,
        minutes: Math.round(deps.config.throttle.blockSeconds / 60),
        resetUrl: `${deps.config.PUBLIC_URL}/forgot-password`,
      });
      await deps.mailer.send(user.email, content, 'sign-in-throttled').catch((error: unknown) => {
        deps.logger.error({ err: error, kind: 'sign-in-throttled', userId: user.id }, 'email failed');
      });
    }
    throw new IdentityError('INVALID_CREDENTIALS');
  }
  // Two-factor on: a challenge, not a session. The pair's failure count is not reset by the password
  // alone, or a guesser holding it could reset the count between rounds of code guesses.
  const challenge = await startSignInChallenge(em, user.id, 'password');
  if (challenge) return { challenge };
  await deps.throttle.recordLoginSuccess(email, meta.ip);

  return em.transactional(async (tx) => {
    if (input.previousTokenHash) await deleteSessionByTokenHash(tx, input.previousTokenHash);
    const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'sign_in',
      description: `${user.name} signed in`,
      metadata: { method: 'password' },
      meta,
    });
    const organization = user.organizationId ? await findOrganizationById(tx, user.organizationId) : null;
    return { user, organization, token: session.token };
  });
}

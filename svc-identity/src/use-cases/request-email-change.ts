import type { EntityManager } from '@mikro-orm/core';
import type { TEmailStatus } from '@dealflow/contracts';
import { requireVerifiedSession } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps, TRequestMeta } from '../deps.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { createEmailToken } from '../repositories/email-verification.repository.js';
import { renderConfirmNewEmail, renderEmailChangeRequested } from '../emails/account-templates.js';
import { loadActorUser } from './guards.js';
import { confirmSessionPassword } from './confirm-password.js';
import { toEmailStatus } from './get-email-status.js';
import { EMAIL_TOKEN_TTL_MS, verifyEmailLink } from './send-verification-email.js';

/**
 * Asks to move the account to another address (issue 12): the current password, then a 1-hour single-use link
 * to the NEW address; the old address is told at once. The account keeps its email until the link is
 * followed (confirm-email.ts). A newer request replaces an older one. Rate-limited like "Resend".
 */
export async function requestEmailChange(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  input: { newEmail: string; password: string },
  meta: TRequestMeta,
): Promise<TEmailStatus> {
  requireVerifiedSession(actor);
  const newEmail = input.newEmail.trim().toLowerCase();
  const user = await loadActorUser(em, actor);
  if (!user.passwordHash) throw new IdentityError('NO_PASSWORD');
  // The password in the request is the re-authentication (on the sign-in throttle, issue 20).
  await confirmSessionPassword(em, deps, actor, user, input.password, meta);
  if (newEmail === user.email) throw new IdentityError('EMAIL_UNCHANGED');
  if (await findUserByEmail(em, newEmail)) throw new IdentityError('EMAIL_TAKEN');
  if (!(await deps.accountThrottle.allowAccountEmail(user.id, meta.ip))) {
    throw new IdentityError('THROTTLED', 'Too many emails requested. Please try again in an hour.');
  }

  const { token } = await em.fork().transactional((tx) =>
    createEmailToken(tx, {
      userId: user.id,
      purpose: 'change',
      email: newEmail,
      ttlMs: EMAIL_TOKEN_TTL_MS,
    }),
  );
  try {
    await deps.mailer.send(
      newEmail,
      renderConfirmNewEmail({
        name: user.name,
        newEmail,
        link: verifyEmailLink(deps.config.PUBLIC_URL, token),
      }),
      'confirm-new-email',
    );
  } catch (error) {
    deps.logger.error({ err: error, kind: 'confirm-new-email', userId: user.id }, 'email change link failed');
    throw new IdentityError('EMAIL_FAILED');
  }
  // The owner of the old address hears of it even when the request was not theirs.
  await deps.mailer
    .send(
      user.email,
      renderEmailChangeRequested({ name: user.name, newEmail, supportEmail: deps.config.supportEmail }),
      'email-change-requested',
    )
    .catch((error: unknown) =>
      deps.logger.error({ err: error, kind: 'email-change-requested', userId: user.id }, 'notice failed'),
    );
  return toEmailStatus(em.fork(), user);
}

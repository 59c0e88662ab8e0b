import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps, TRequestMeta } from '../deps.js';
import { loadActorUser } from './guards.js';
import { sendVerificationEmail } from './send-verification-email.js';

export const VERIFICATION_SENT_MESSAGE = 'We sent a new verification link. It works for 1 hour.';

/** The banner's "Resend": a new link to the current address (the previous one stops working), rate-limited. */
export async function resendVerificationEmail(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  meta: TRequestMeta,
): Promise<void> {
  const user = await loadActorUser(em, actor);
  if (user.emailVerifiedAt) throw new IdentityError('EMAIL_ALREADY_VERIFIED');
  if (!(await deps.accountThrottle.allowAccountEmail(user.id, meta.ip))) {
    throw new IdentityError('THROTTLED', 'Too many emails requested. Please try again in an hour.');
  }
  await sendVerificationEmail(em, deps, user, 'throw');
}

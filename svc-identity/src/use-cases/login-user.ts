import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { createSession, deleteSessionByTokenHash } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { verifyPassword } from '../security/passwords.js';

export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please try again later.';

/**
 * Email and password sign-in. Unknown email and wrong password give the same answer after the same
 * work (a dummy hash is verified); failures are throttled per account and per IP; a successful
 * sign-in replaces the session the browser held (rotation).
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
    await deps.throttle.recordLoginFailure(email, meta.ip);
    throw new IdentityError('INVALID_CREDENTIALS');
  }
  await deps.throttle.recordLoginSuccess(email);

  return em.transactional(async (tx) => {
    if (input.previousTokenHash) await deleteSessionByTokenHash(tx, input.previousTokenHash);
    const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'sign_in',
      description: `${user.name} signed in`,
      metadata: { method: 'password' },
    });
    const organization = user.organizationId ? await findOrganizationById(tx, user.organizationId) : null;
    return { user, organization, token: session.token };
  });
}

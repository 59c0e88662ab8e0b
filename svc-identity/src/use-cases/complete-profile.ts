import type { EntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { createUser, findUserByEmail } from '../repositories/user.repository.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { createSession } from '../repositories/session.repository.js';
import { assertPasswordIsUncommon, hashPassword } from '../security/passwords.js';
import { findUsableInvitation } from './find-invitation-by-token.js';
import { joinOrganization } from './join-organization.js';
import { sendWelcomeEmail } from './send-welcome-email.js';

/** Invitation token -> new account in the inviting organization with the invited role, signed in. */
export async function completeProfile(
  em: EntityManager,
  deps: TIdentityDeps,
  input: { token: string; name: string; password: string },
  meta: TRequestMeta,
) {
  const preview = await findUsableInvitation(em.fork(), input.token);
  if (await findUserByEmail(em, preview.email)) {
    throw new IdentityError(
      'EMAIL_TAKEN',
      'An account with this email already exists. Sign in to accept the invitation.',
    );
  }
  assertPasswordIsUncommon(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const result = await em.transactional(async (tx) => {
      // Locked and re-checked: two submissions of one token cannot both create an account.
      const invitation = await findUsableInvitation(tx, input.token, { lock: true });
      // The invitation link reached this address: it is proven.
      const user = createUser(tx, {
        email: invitation.email,
        name: input.name,
        passwordHash,
        emailVerifiedAt: new Date(),
      });
      await tx.flush();
      await joinOrganization(tx, user, invitation);
      const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
      const organization = await findOrganizationById(tx, invitation.organizationId);
      return { user, organization, token: session.token };
    });
    await sendWelcomeEmail(deps, result.user, result.organization);
    return result;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new IdentityError('EMAIL_TAKEN');
    throw error;
  }
}

import type { EntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { TPaidPlan, TBillingCycle } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import type { IOrganization } from '../entities/organization.js';
import { createUser, findUserByEmail } from '../repositories/user.repository.js';
import { createSession } from '../repositories/session.repository.js';
import { assertPasswordIsUncommon, hashPassword } from '../security/passwords.js';
import { insertOrganization } from './create-organization.js';
import { sendWelcomeEmail } from './send-welcome-email.js';
import { sendVerificationEmail } from './send-verification-email.js';

/** Creates an account (and, when named, its organization with the registrant as owner) and signs in. */
export async function registerUser(
  em: EntityManager,
  deps: TIdentityDeps,
  input: {
    email: string;
    password: string;
    name: string;
    organizationName?: string | undefined;
    plan?: TPaidPlan;
    billingCycle?: TBillingCycle;
  },
  meta: TRequestMeta,
) {
  if (await findUserByEmail(em, input.email)) throw new IdentityError('EMAIL_TAKEN');
  assertPasswordIsUncommon(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const result = await em.transactional(async (tx) => {
      const user = createUser(tx, { email: input.email, name: input.name, passwordHash });
      await tx.flush();
      let organization: IOrganization | null = null;
      if (input.organizationName) {
        organization = await insertOrganization(tx, user, {
          name: input.organizationName,
          plan: input.plan ?? 'pro',
          billingCycle: input.billingCycle ?? 'annual',
        });
      }
      const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
      return { user, organization, token: session.token };
    });
    await sendWelcomeEmail(deps, result.user, result.organization);
    // The address is unproven until its link is followed (issue 15): no inviting, buying or Google linking.
    await sendVerificationEmail(em, deps, result.user, 'log');
    return result;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new IdentityError('EMAIL_TAKEN');
    throw error;
  }
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import {
  countMembersWithoutTwoFactor,
  findConfirmedCredential,
} from '../repositories/two-factor.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadActorOrganization, loadOwnerOrganization } from './guards.js';

/** Whether the organization requires two-factor sign-in, and how many members have not set it up. */
export async function getOrganizationTwoFactor(em: EntityManager, actor: TActor) {
  const { organization } = await loadActorOrganization(em, actor);
  return {
    required: organization.requireTwoFactor,
    membersWithoutTwoFactor: await countMembersWithoutTwoFactor(em, organization.id),
  };
}

/**
 * The owner requires (or stops requiring) two-factor sign-in of every member. Members without it are
 * sent to enrol on their next request (identity refuses their other calls until they do). The owner must
 * have it on first, or the setting would lock them into the enrolment screen they just asked for.
 */
export async function updateOrganizationTwoFactor(
  em: EntityManager,
  actor: TActor,
  input: { required: boolean },
) {
  return em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor, { lock: true });
    if (input.required && !(await findConfirmedCredential(tx, user.id)))
      throw new IdentityError(
        'CONFLICT',
        'Turn on two-factor sign-in for your own account first (Settings, Security).',
      );
    if (organization.requireTwoFactor !== input.required) {
      organization.requireTwoFactor = input.required;
      logActivity(tx, {
        userId: user.id,
        organizationId: organization.id,
        activityType: 'two_factor_required_changed',
        description: input.required
          ? `${user.name} required two-factor sign-in for every member`
          : `${user.name} stopped requiring two-factor sign-in`,
        metadata: { required: input.required },
      });
    }
    await tx.flush();
    return {
      required: organization.requireTwoFactor,
      membersWithoutTwoFactor: await countMembersWithoutTwoFactor(tx, organization.id),
    };
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor, TRequestMeta } from '../deps.js';
import { OrganizationSchema } from '../entities/organization.js';
import { UserSchema } from '../entities/user.js';
import { countOrganizationMembers, countOrganizationOwners } from '../repositories/user.repository.js';
import { lockOrganization } from '../repositories/organization.repository.js';
import { nextMembershipVersion } from '../repositories/organization.queries.js';
import {
  publishMemberRemoved,
  publishOrganizationDeleted,
  publishUserDeleted,
} from '../repositories/identity.events.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { loadActorUser } from './guards.js';
import { confirmPassword, type TPasswordCheckDeps } from './confirm-password.js';

/**
 * Deletes the account (password confirmed) and every session with it. A sole member takes the
 * organization along; the last owner of an organization that still has members must hand over first.
 */
export async function deleteUser(
  em: EntityManager,
  deps: TPasswordCheckDeps,
  actor: TActor,
  input: { password: string },
  meta: TRequestMeta,
) {
  await confirmPassword(deps, await loadActorUser(em.fork(), actor), input.password, meta);
  await em.transactional(async (tx) => {
    const user = await loadActorUser(tx, actor);
    const orgId = user.organizationId;
    // userId null: the row is inserted at commit, after the account's row is gone; the snapshot names them.
    const entry = {
      userId: null,
      actor: { name: user.name, email: user.email },
      target: { type: 'user', id: user.id, label: user.email },
    };
    logActivity(tx, {
      ...entry,
      organizationId: orgId,
      activityType: 'account_deleted',
      description: `${user.name} deleted their account`,
    });
    if (orgId !== null) {
      const organization = await lockOrganization(tx, orgId);
      const memberCount = await countOrganizationMembers(tx, orgId);
      if (organization && memberCount <= 1) {
        logActivity(tx, {
          ...entry,
          organizationId: orgId,
          activityType: 'organization_deleted',
          description: `${user.name} deleted ${organization.name} with their account`,
          target: { type: 'organization', id: orgId, label: organization.name },
        });
        await tx.nativeDelete(OrganizationSchema, { id: orgId });
        publishOrganizationDeleted(tx, user.id, orgId);
      } else if (organization) {
        if (user.role === 'owner' && (await countOrganizationOwners(tx, orgId)) <= 1) {
          throw new IdentityError(
            'CONFLICT',
            'Make another member an owner or delete the organization before deleting your account.',
          );
        }
        if (organization.ownerId === user.id) {
          const nextOwner = await tx.findOne(
            UserSchema,
            { organizationId: orgId, role: 'owner', id: { $ne: user.id } },
            { orderBy: { id: 'asc' } },
          );
          if (nextOwner) organization.ownerId = nextOwner.id;
        }
        publishMemberRemoved(tx, user.id, {
          orgId,
          userId: user.id,
          memberCount: memberCount - 1,
          membershipVersion: await nextMembershipVersion(tx, orgId),
        });
      }
    }
    // sessions, reset tokens and notification settings go with it (on delete cascade).
    await tx.nativeDelete(UserSchema, { id: user.id });
    publishUserDeleted(tx, user.id, orgId);
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { KitError } from '@dealflow/service-kit';
import type { TActor } from '../deps.js';
import type { IUser } from '../entities/user.js';
import type { IOrganization } from '../entities/organization.js';
import { findUserById } from '../repositories/user.repository.js';
import { findOrganizationById, lockOrganization } from '../repositories/organization.repository.js';

/**
 * Re-reads the actor inside the use-case's own transaction. route() already checked the declared auth on
 * the session read at the start of the request; these re-checks are use-case rules (a concurrent role
 * change or removal between that read and the locked write), answered with the kit's one message per rule.
 */
export async function loadActorUser(em: EntityManager, actor: TActor): Promise<IUser> {
  const user = await findUserById(em, actor.userId);
  if (!user) throw new KitError('UNAUTHORIZED');
  return user;
}

export async function loadActorOrganization(
  em: EntityManager,
  actor: TActor,
  options: { lock?: boolean } = {},
): Promise<{ user: IUser; organization: IOrganization }> {
  const user = await loadActorUser(em, actor);
  if (user.organizationId === null) throw new KitError('NO_ORGANIZATION');
  const organization = options.lock
    ? await lockOrganization(em, user.organizationId)
    : await findOrganizationById(em, user.organizationId);
  if (!organization) throw new KitError('NO_ORGANIZATION');
  return { user, organization };
}

/** Owner-only actions: invite, manage invitations, change roles, remove members, edit or delete the organization. */
export async function loadOwnerOrganization(
  em: EntityManager,
  actor: TActor,
  options: { lock?: boolean } = {},
): Promise<{ user: IUser; organization: IOrganization }> {
  const loaded = await loadActorOrganization(em, actor, options);
  if (loaded.user.role !== 'owner') throw new KitError('NOT_OWNER');
  return loaded;
}

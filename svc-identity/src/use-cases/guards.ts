import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import type { IUser } from '../entities/user.js';
import type { IOrganization } from '../entities/organization.js';
import { findOrganizationById, findUserById, lockOrganization } from '../repositories/users.js';

/** Re-reads the actor from the database: roles and memberships are never taken from the client. */
export async function loadActorUser(em: EntityManager, actor: TActor): Promise<IUser> {
  const user = await findUserById(em, actor.userId);
  if (!user) throw new IdentityError('NOT_SIGNED_IN', 'Not authenticated');
  return user;
}

export async function loadActorOrganization(
  em: EntityManager,
  actor: TActor,
  options: { lock?: boolean } = {},
): Promise<{ user: IUser; organization: IOrganization }> {
  const user = await loadActorUser(em, actor);
  if (user.organizationId === null)
    throw new IdentityError('FORBIDDEN', 'You do not belong to an organization');
  const organization = options.lock
    ? await lockOrganization(em, user.organizationId)
    : await findOrganizationById(em, user.organizationId);
  if (!organization) throw new IdentityError('FORBIDDEN', 'You do not belong to an organization');
  return { user, organization };
}

/** Owner-only actions: invite, manage invitations, change roles, remove members, edit or delete the organization. */
export async function loadOwnerOrganization(
  em: EntityManager,
  actor: TActor,
  options: { lock?: boolean } = {},
): Promise<{ user: IUser; organization: IOrganization }> {
  const loaded = await loadActorOrganization(em, actor, options);
  if (loaded.user.role !== 'owner')
    throw new IdentityError('NOT_OWNER', 'Only organization owners can do this');
  return loaded;
}

import { LockMode, type EntityManager } from '@mikro-orm/core';
import { OrganizationSchema, type IOrganization } from '../entities/organization.js';

export const findOrganizationById = (em: EntityManager, id: number): Promise<IOrganization | null> =>
  em.findOne(OrganizationSchema, { id });

/** The organization of a signed-in actor's token: it exists (an error otherwise, as for any broken invariant). */
export const getOrganizationById = (em: EntityManager, id: number): Promise<IOrganization> =>
  em.findOneOrFail(OrganizationSchema, { id });

/** Deletes the organization row (its invitations go with it: on delete cascade). */
export const deleteOrganizationRow = (em: EntityManager, id: number) =>
  em.nativeDelete(OrganizationSchema, { id });

export const organizationExists = async (em: EntityManager, id: number): Promise<boolean> =>
  (await em.count(OrganizationSchema, { id })) > 0;

/** Locks the organization row so concurrent role changes and removals cannot both drop the last owner. */
export const lockOrganization = (em: EntityManager, id: number): Promise<IOrganization | null> =>
  em.findOne(OrganizationSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });

import { LockMode, type EntityManager } from '@mikro-orm/core';
import { OrganizationSchema, type IOrganization } from '../entities/organization.js';

export const findOrganizationById = (em: EntityManager, id: number): Promise<IOrganization | null> =>
  em.findOne(OrganizationSchema, { id });

/** Locks the organization row so concurrent role changes and removals cannot both drop the last owner. */
export const lockOrganization = (em: EntityManager, id: number): Promise<IOrganization | null> =>
  em.findOne(OrganizationSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });

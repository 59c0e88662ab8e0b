import type { EntityManager } from '@mikro-orm/core';
import { deleteOrganizationData as deleteAll } from '../repositories/organization.repository.js';

/** identity.organization.deleted -> companies, deals (their timelines and ratings), decks, analyses, plan, pipeline and members of that organization go. */
export async function deleteOrganizationData(em: EntityManager, orgId: number): Promise<void> {
  await deleteAll(em, orgId);
}

import type { EntityManager } from '@mikro-orm/core';
import { deleteOrganizationData as deleteAll } from '../repositories/organization.repository.js';
import { deleteOrganizationWebhooks } from '../repositories/webhook.repository.js';
import { deleteFounderRepliesOf } from '../repositories/founder-reply.repository.js';

/** identity.organization.deleted -> companies, deals (their timelines and ratings), decks, analyses, plan, pipeline, members, webhook endpoints (their deliveries), reply templates and replies of that organization go. */
export async function deleteOrganizationData(em: EntityManager, orgId: number): Promise<void> {
  await deleteAll(em, orgId);
  await deleteOrganizationWebhooks(em, orgId);
  await deleteFounderRepliesOf(em, orgId);
}

import type { EntityManager } from '@mikro-orm/core';
import { CrmError } from '../errors.js';
import { deleteEndpoint, findEndpoint } from '../repositories/webhook.repository.js';
import { requireWebhooksPlan } from './webhook-endpoint-view.js';

/** The owner deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(
  em: EntityManager,
  input: { orgId: number; id: number },
): Promise<{ success: true }> {
  await requireWebhooksPlan(em, input.orgId);
  await em.transactional(async (tx) => {
    const endpoint = await findEndpoint(tx, input.orgId, input.id);
    if (!endpoint) throw new CrmError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await deleteEndpoint(tx, endpoint);
  });
  return { success: true };
}

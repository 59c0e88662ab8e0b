import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookDelivery } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { findEndpoint } from '../repositories/webhook.repository.js';
import { enqueueDelivery } from './enqueue-webhook-event.js';
import { toWebhookDelivery } from './list-webhook-deliveries.js';
import { requireWebhooksPlan } from './webhook-endpoint-view.js';

/** "Send test": a `webhook.test` event for this endpoint, queued and retried like any delivery. */
export async function sendTestWebhook(
  em: EntityManager,
  input: { orgId: number; userId: number; id: number },
): Promise<TWebhookDelivery> {
  await requireWebhooksPlan(em, input.orgId);
  const endpoint = await findEndpoint(em, input.orgId, input.id);
  if (!endpoint) throw new CrmError('WEBHOOK_ENDPOINT_NOT_FOUND');
  const delivery = await enqueueDelivery(em, endpoint, 'webhook.test', {
    endpointId: endpoint.id,
    sentBy: input.userId,
    message: 'This is a test event from Dealflow.',
  });
  return toWebhookDelivery(delivery);
}

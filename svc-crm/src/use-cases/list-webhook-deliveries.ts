import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookDelivery } from '@dealflow/contracts';
import type { WebhookDelivery } from '../entities/index.js';
import { CrmError } from '../errors.js';
import { findEndpoint, lastDeliveries } from '../repositories/webhook.repository.js';
import { requireWebhooksPlan } from './webhook-endpoint-view.js';

export const toWebhookDelivery = (d: WebhookDelivery): TWebhookDelivery => ({
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
});

/** The delivery log: the endpoint's last 50 deliveries, newest first. */
export async function listWebhookDeliveries(
  em: EntityManager,
  input: { orgId: number; id: number },
): Promise<{ deliveries: TWebhookDelivery[] }> {
  await requireWebhooksPlan(em, input.orgId);
  if (!(await findEndpoint(em, input.orgId, input.id))) throw new CrmError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return { deliveries: (await lastDeliveries(em, input.orgId, input.id)).map(toWebhookDelivery) };
}

import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookEventType } from '@dealflow/contracts';
import type { WebhookEndpoint } from '../entities/index.js';
import { newMessageId } from '../domain/webhook-delivery.js';
import { findOrganizationPlan } from '../repositories/organization.repository.js';
import { findSubscribedEndpoints, insertDelivery } from '../repositories/webhook.repository.js';
import { isProPlanActive } from './create-deck-analysis.js';

/** The body every endpoint receives, as the Standard Webhooks specification shapes it. */
export const webhookPayload = (type: string, data: Record<string, unknown>, at = new Date()) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/** One delivery row for one endpoint (the test event goes to the one endpoint asked). */
export function enqueueDelivery(
  em: EntityManager,
  endpoint: Pick<WebhookEndpoint, 'id' | 'orgId'>,
  type: string,
  data: Record<string, unknown>,
) {
  return insertDelivery(em, {
    orgId: endpoint.orgId,
    endpointId: endpoint.id,
    messageId: newMessageId(),
    eventType: type,
    payload: webhookPayload(type, data),
  });
}

/**
 * An event of the organization for its webhook endpoints: a delivery row per enabled endpoint that asked for it,
 * written in the caller's transaction (it commits or rolls back with the change it tells). Nothing while the
 * organization is not on Pro.
 */
export async function enqueueWebhookEvent(
  em: EntityManager,
  orgId: number,
  type: TWebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  const endpoints = await findSubscribedEndpoints(em, orgId, type);
  if (endpoints.length === 0) return 0;
  if (!isProPlanActive(await findOrganizationPlan(em, orgId))) return 0;
  for (const endpoint of endpoints) await enqueueDelivery(em, endpoint, type, data);
  return endpoints.length;
}

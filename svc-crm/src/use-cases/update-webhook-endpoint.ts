import type { EntityManager } from '@mikro-orm/core';
import type { TPatchWebhookEndpointBody, TWebhookEndpoint } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { findEndpoint, updateEndpoint } from '../repositories/webhook.repository.js';
import { requireWebhooksPlan, toWebhookEndpoint, validWebhookUrl } from './webhook-endpoint-view.js';

/** The owner changes an endpoint's URL, description, events, or enables or disables it. */
export async function updateWebhookEndpoint(
  em: EntityManager,
  input: { orgId: number; id: number; body: TPatchWebhookEndpointBody },
): Promise<TWebhookEndpoint> {
  const { orgId, body } = input;
  await requireWebhooksPlan(em, orgId);
  const endpoint = await findEndpoint(em, orgId, input.id);
  if (!endpoint) throw new CrmError('WEBHOOK_ENDPOINT_NOT_FOUND');
  await updateEndpoint(em, endpoint, {
    ...(body.url !== undefined ? { url: await validWebhookUrl(body.url) } : {}),
    ...(body.description !== undefined ? { description: body.description || null } : {}),
    ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
  });
  return toWebhookEndpoint(endpoint);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookEndpoint } from '@dealflow/contracts';
import { listEndpoints } from '../repositories/webhook.repository.js';
import { requireWebhooksPlan, toWebhookEndpoint } from './webhook-endpoint-view.js';

export async function listWebhookEndpoints(
  em: EntityManager,
  orgId: number,
): Promise<{ endpoints: TWebhookEndpoint[] }> {
  await requireWebhooksPlan(em, orgId);
  return { endpoints: (await listEndpoints(em, orgId)).map(toWebhookEndpoint) };
}

import type { EntityManager } from '@mikro-orm/core';
import type { TCreateWebhookEndpointBody, TCreatedWebhookEndpoint } from '@dealflow/contracts';
import type { TCrmDeps } from '../deps.js';
import { newWebhookSecret } from '../domain/webhook-delivery.js';
import { CrmError, CrmMessages } from '../errors.js';
import { insertEndpoint } from '../repositories/webhook.repository.js';
import {
  requireWebhooksPlan,
  toWebhookEndpoint,
  validWebhookUrl,
  webhookSecretContext,
} from './webhook-endpoint-view.js';

/** The owner adds an endpoint: its secret is sealed at rest and answered this once. */
export async function createWebhookEndpoint(
  em: EntityManager,
  input: { orgId: number; userId: number; body: TCreateWebhookEndpointBody },
  deps: Pick<TCrmDeps, 'secretBox'>,
): Promise<TCreatedWebhookEndpoint> {
  const { orgId, userId, body } = input;
  await requireWebhooksPlan(em, orgId);
  if (!deps.secretBox)
    throw new CrmError('ENCRYPTION_NOT_CONFIGURED', CrmMessages.webhooksEncryptionNotConfigured);
  const url = await validWebhookUrl(body.url);
  const secret = newWebhookSecret();
  const endpoint = await insertEndpoint(em, {
    orgId,
    url,
    description: body.description || null,
    events: [...new Set(body.events)],
    secretSealed: deps.secretBox.encrypt(secret, webhookSecretContext(orgId)),
    createdBy: userId,
  });
  return { ...toWebhookEndpoint(endpoint), secret };
}

import { OutboundRefused } from '@dealflow/service-kit';
import type { TWebhookEndpoint, TWebhookEventType } from '@dealflow/contracts';
import type { EntityManager } from '@mikro-orm/core';
import type { WebhookEndpoint } from '../entities/index.js';
import { CrmError, CrmMessages } from '../errors.js';
import { checkWebhookUrl } from '../providers/webhook-sender.js';
import { findOrganizationPlan } from '../repositories/organization.repository.js';
import { isProPlanActive } from './create-deck-analysis.js';

/** What the owner sees of an endpoint: never its secret. */
export const toWebhookEndpoint = (e: WebhookEndpoint): TWebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events as TWebhookEventType[],
  enabled: e.enabled,
  createdAt: e.createdAt.toISOString(),
});

/** Webhooks are Pro, like the API keys (shared PLAN_REQUIRED, 403). */
export async function requireWebhooksPlan(em: EntityManager, orgId: number): Promise<void> {
  if (!isProPlanActive(await findOrganizationPlan(em, orgId)))
    throw new CrmError('PLAN_REQUIRED', CrmMessages.webhooksPlanRequired);
}

/** The URL through the outbound guard; a refusal is the owner's input error (400), with the reason. */
export async function validWebhookUrl(url: string): Promise<string> {
  try {
    return (await checkWebhookUrl(url)).href;
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw new CrmError('WEBHOOK_URL_REFUSED', undefined, [{ path: 'url', message: error.message }]);
    throw error;
  }
}

/** The endpoint's organization is bound to its sealed secret: a secret copied to another row does not open. */
export const webhookSecretContext = (orgId: number) => `crm-webhook:${orgId}`;

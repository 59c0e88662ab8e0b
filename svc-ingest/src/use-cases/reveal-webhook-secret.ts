import type { EntityManager } from '@mikro-orm/core';
import { requireRecentAuthentication, type Identity } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { findOrganization, openWebhookSecret } from '../repositories/organization.repository.js';

/**
 * The webhook secret itself, for the owner who sets up a provider: only after a password check or a sign-in in
 * the last 10 minutes (403 REAUTH_REQUIRED: a stolen session alone does not reveal it), and in the activity log
 * (identity records ingest.integration.changed; the event carries no secret).
 */
export async function revealWebhookSecret(
  em: EntityManager,
  actor: Pick<Identity, 'authenticatedAt' | 'apiKey'> & { orgId: number; userId: number },
  deps: Pick<TIngestDeps, 'secretBox'>,
): Promise<{ webhookSecret: string }> {
  requireRecentAuthentication(actor);
  const org = await findOrganization(em, actor.orgId);
  if (!org) throw new IngestError('ORGANIZATION_NOT_READY');
  const webhookSecret = openWebhookSecret(org, deps.secretBox);
  await em.transactional(async (tx) => {
    publishIntegrationChanged(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      change: 'webhook_secret_revealed',
      details: {},
    });
  });
  return { webhookSecret };
}

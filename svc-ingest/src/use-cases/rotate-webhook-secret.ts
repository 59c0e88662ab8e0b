import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { rotateWebhookSecret } from '../repositories/organization.repository.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

/** Rotate: a new webhook secret; posts with the old one are refused from now on. */
export async function rotateWebhookSecretOf(
  em: EntityManager,
  actor: TMailboxViewer & { userId: number },
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  // The new secret and its event commit together.
  await em.transactional(async (tx) => {
    await rotateWebhookSecret(tx, actor.orgId, deps.secretBox);
    publishIntegrationChanged(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      change: 'webhook_secret_rotated',
      details: {},
    });
  });
  return getMailboxStatus(em, actor, deps);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { findMailbox } from '../repositories/mailbox.repository.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { announceIngestIntegrations } from './check-integration-limit.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

/** Disconnect: the stored credentials are deleted; folder and interval settings stay. */
export async function disconnectMailbox(
  em: EntityManager,
  actor: TMailboxViewer & { userId: number },
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  const mailbox = await findMailbox(em, actor.orgId);
  if (mailbox?.host) {
    publishIntegrationChanged(em, {
      orgId: actor.orgId,
      userId: actor.userId,
      change: 'mailbox_disconnected',
      details: { host: mailbox.host, username: mailbox.username },
    });
  }
  if (mailbox) {
    Object.assign(mailbox, {
      host: null,
      port: null,
      username: null,
      passwordEnc: null,
      connectedAt: null,
      lastError: null,
    });
    await announceIngestIntegrations(em, actor.orgId);
    await em.flush();
  }
  return getMailboxStatus(em, actor, deps);
}

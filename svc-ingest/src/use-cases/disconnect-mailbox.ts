import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { findMailbox } from '../repositories/mailbox.repository.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

/** Disconnect: the stored credentials are deleted; folder and interval settings stay. */
export async function disconnectMailbox(
  em: EntityManager,
  actor: TMailboxViewer,
  deps: Pick<TIngestDeps, 'config'>,
) {
  const mailbox = await findMailbox(em, actor.orgId);
  if (mailbox) {
    Object.assign(mailbox, {
      host: null,
      port: null,
      username: null,
      passwordEnc: null,
      connectedAt: null,
      lastError: null,
    });
    await em.flush();
  }
  return getMailboxStatus(em, actor, deps);
}

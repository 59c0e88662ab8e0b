import type { EntityManager } from '@mikro-orm/core';
import { findMailbox } from '../repositories/mailbox-repository.js';
import type { TIntegrationDeps } from './deps.js';
import { getMailboxStatus } from './get-mailbox-status.js';

/** Disconnect: the stored credentials are deleted; folder and interval settings stay. */
export async function disconnectMailbox(em: EntityManager, orgId: number, deps: TIntegrationDeps) {
  const mailbox = await findMailbox(em, orgId);
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
  return getMailboxStatus(em, orgId, deps, true);
}

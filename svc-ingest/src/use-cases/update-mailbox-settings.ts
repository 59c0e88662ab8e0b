import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { getOrCreateMailbox } from '../repositories/mailbox.repository.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

/** Settings tab: the folder scanned and the auto-scan interval in minutes (0 = manual Scan only). */
export async function updateMailboxSettings(
  em: EntityManager,
  actor: TMailboxViewer,
  patch: { folder?: string; autoScanMinutes?: number },
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  const mailbox = await getOrCreateMailbox(em, actor.orgId);
  if (patch.folder !== undefined && patch.folder !== mailbox.folder) {
    mailbox.folder = patch.folder;
    mailbox.lastUid = '0';
    mailbox.uidValidity = null;
  }
  if (patch.autoScanMinutes !== undefined) mailbox.autoScanMinutes = patch.autoScanMinutes;
  await em.flush();
  return getMailboxStatus(em, actor, deps);
}

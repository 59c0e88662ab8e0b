import type { EntityManager } from '@mikro-orm/core';
import { getOrCreateMailbox } from '../repositories/mailbox-repository.js';
import type { TIntegrationDeps } from './deps.js';
import { getMailboxStatus } from './get-mailbox-status.js';

/** Settings tab: the folder scanned and the auto-scan interval in minutes (0 = manual Scan only). */
export async function updateMailboxSettings(
  em: EntityManager,
  orgId: number,
  patch: { folder?: string; autoScanMinutes?: number },
  deps: TIntegrationDeps,
) {
  const mailbox = await getOrCreateMailbox(em, orgId);
  if (patch.folder !== undefined && patch.folder !== mailbox.folder) {
    mailbox.folder = patch.folder;
    mailbox.lastUid = '0';
    mailbox.uidValidity = null;
  }
  if (patch.autoScanMinutes !== undefined) mailbox.autoScanMinutes = patch.autoScanMinutes;
  await em.flush();
  return getMailboxStatus(em, orgId, deps, true);
}

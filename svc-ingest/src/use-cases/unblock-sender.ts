import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { unblockSender as removeBlockedSender } from '../repositories/blocked-sender.repository.js';
import { listBlockedSenders } from './list-blocked-senders.js';

/** Takes a sender or domain off the organization's block list; its mail is received again. */
export async function unblockSender(em: EntityManager, orgId: number, id: number) {
  if (!(await removeBlockedSender(em, orgId, id))) throw new IngestError('BLOCKED_SENDER_NOT_FOUND');
  return listBlockedSenders(em, orgId);
}

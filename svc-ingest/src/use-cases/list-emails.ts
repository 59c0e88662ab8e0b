import type { EntityManager } from '@mikro-orm/core';
import type { TRecordStatus } from '@dealflow/contracts';
import { listEmails as listEmailRows } from '../repositories/email.repository.js';
import { toEmailRecords } from './email-record.js';

/** The organization's records, newest first, filtered by status and searched over company, sender and subject. */
export async function listEmails(
  em: EntityManager,
  orgId: number,
  query: { page: number; limit: number; filter: TRecordStatus | 'all'; searchTerm?: string },
) {
  const { rows, total } = await listEmailRows(em, orgId, query);
  return { data: await toEmailRecords(em, orgId, rows), total };
}

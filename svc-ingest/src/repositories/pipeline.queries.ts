import type { EntityManager } from '@mikro-orm/core';
import type { TRecordStatus } from '@dealflow/contracts';

/**
 * The dashboard's pipeline: one aggregate over the organization's records instead of the browser paging
 * through GET /api/emails per status (up to 100 requests). "Received" is the email's Date header, the
 * ingestion time when it has none, as the records list shows it. The (org_id, ...) indexes bound the scan to
 * one organization.
 */
export async function countRecordsByStatusSince(em: EntityManager, orgId: number, since: Date) {
  const rows = (await em.getConnection().execute(
    `SELECT status, count(*)::int AS count FROM emails
       WHERE org_id = ? AND coalesce(sent_at, received_at) >= ? GROUP BY status`,
    [orgId, since],
    'all',
    em.getTransactionContext(),
  )) as { status: TRecordStatus; count: number }[];
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

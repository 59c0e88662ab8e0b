import type { EntityManager } from '@mikro-orm/core';
import { toCsvLine } from '@dealflow/service-kit';
import { activityActionLabel, type TActivityFilter } from '@dealflow/contracts';
import { activityCategoryOf, findActivityPage } from '../repositories/activity-log.repository.js';
import { assertActivityRange } from './list-activity.js';

const COLUMNS = [
  'Time (UTC)',
  'Actor name',
  'Actor email',
  'Action',
  'Category',
  'Target',
  'Description',
  'IP address',
  'User agent',
  'Details',
] as const;

/** Rows read per query while streaming: memory stays flat whatever the log's size. */
const BATCH = 500;

/**
 * The organization's activity for the filters, newest first, as CSV lines: read in keyset batches and
 * yielded as they come, so the response streams. The filters are checked now, before anything is sent.
 */
export function exportActivityCsv(
  em: EntityManager,
  organizationId: number,
  filter: TActivityFilter,
): AsyncGenerator<string> {
  assertActivityRange(filter);
  // The rows are read while the response streams, after the request's own EntityManager is done: a fork.
  return generateCsv(em.fork(), organizationId, filter);
}

async function* generateCsv(
  em: EntityManager,
  organizationId: number,
  filter: TActivityFilter,
): AsyncGenerator<string> {
  yield toCsvLine(COLUMNS);
  let cursor: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const rows = await findActivityPage(em, organizationId, filter, cursor, BATCH);
    em.clear(); // the rows are written out, not kept in the identity map
    // One chunk per batch: a chunk per line made the stream's per-chunk work the cost.
    let chunk = '';
    for (const row of rows) {
      const target = row.targetType
        ? [row.targetType, row.targetLabel ?? row.targetId].filter(Boolean).join(': ')
        : '';
      chunk += toCsvLine([
        row.createdAt.toISOString(),
        row.actorName,
        row.actorEmail,
        activityActionLabel(row.activityType),
        activityCategoryOf(row.activityType),
        target,
        row.description,
        row.ip,
        row.userAgent,
        row.metadata ? JSON.stringify(row.metadata) : '',
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

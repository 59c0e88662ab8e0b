// Dashboard pipeline: records received this month, per status, counted from GET /api/emails with each filter.
import { startOfMonth } from 'date-fns';
import type { TRecordStatus } from '@dealflow/contracts';
import { listEmails, type TEmailList } from './records-api.js';

export const PIPELINE_STATUSES: TRecordStatus[] = [
  'completed',
  'processing',
  'pending',
  'failed',
  'not_added_missing_domain',
];
const PAGE = 100;
/** Beyond this many records of one status this month the count reads as "at least". */
const MAX_PAGES = 20;

export interface TPipelineCount {
  status: TRecordStatus;
  count: number;
  /** True when the count stopped at the page cap. */
  isAtLeast: boolean;
}

/**
 * The list is newest first, so the pages of one status are read until a record older than the month's
 * first day appears (or the list ends); the records of this month are counted.
 */
export async function countThisMonth(
  status: TRecordStatus,
  now: Date = new Date(),
  fetchPage: (page: number) => Promise<TEmailList> = (page) =>
    listEmails({ page, limit: PAGE, filter: status }),
): Promise<TPipelineCount> {
  const monthStart = startOfMonth(now).getTime();
  let count = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, total } = await fetchPage(page);
    const inMonth = data.filter((record) => new Date(record.receivedAt).getTime() >= monthStart);
    count += inMonth.length;
    const reachedOlder = inMonth.length < data.length;
    if (reachedOlder || data.length === 0 || page * PAGE >= total) return { status, count, isAtLeast: false };
  }
  return { status, count, isAtLeast: true };
}

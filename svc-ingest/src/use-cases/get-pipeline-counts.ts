import type { EntityManager } from '@mikro-orm/core';
import type { TRecordStatus } from '@dealflow/contracts';
import { monthStart } from '../domain/allowance/monthly-deck-limit.js';
import { countRecordsByStatusSince } from '../repositories/pipeline.queries.js';

/** The dashboard's order of statuses. */
export const PIPELINE_STATUSES: TRecordStatus[] = [
  'completed',
  'processing',
  'pending',
  'failed',
  'not_added_missing_domain',
];

/** Records received since the first of this month (UTC), per status, zero included. */
export async function getPipelineCounts(em: EntityManager, orgId: number, now = new Date()) {
  const since = monthStart(now);
  const counts = await countRecordsByStatusSince(em, orgId, since);
  return {
    since: since.toISOString(),
    counts: PIPELINE_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
  };
}

import type { EntityManager } from '@mikro-orm/core';
import { rows as run } from '@dealflow/service-kit';

/**
 * The analytics page's aggregates (Pro), one query per chart, each over one organization's records and a range
 * of days. Hand-written SQL because each is one GROUP BY with percentiles and a week series that the ORM does not
 * express; the browser only draws the answer.
 *
 * - A record's day is the day it was received as the records list shows it: its `Date` header, the ingestion
 *   time without one (`coalesce(sent_at, received_at)`, as `pipeline.queries.ts`), in UTC.
 * - Weeks start on Monday (ISO, `date_trunc('week')`), in UTC.
 * - `org_id = ?` comes first in every WHERE: the (org_id, ...) indexes bound each scan to one organization, and
 *   no other organization's row is ever counted.
 */
export interface TAnalyticsWindow {
  orgId: number;
  /** First day, included (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day, included (YYYY-MM-DD, UTC). */
  to: string;
}

const RECEIVED = 'coalesce(sent_at, received_at)';
const IN_WINDOW = `org_id = ? AND ${RECEIVED} >= (?::date)::timestamp AT TIME ZONE 'UTC'
  AND ${RECEIVED} < ((?::date) + 1)::timestamp AT TIME ZONE 'UTC'`;
const WEEK = `to_char(date_trunc('week', ${RECEIVED} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
/** Every Monday from the week of `from` to the week of `to`, so empty weeks are drawn as zero. */
const WEEKS = `SELECT to_char(w, 'YYYY-MM-DD') AS week_start
  FROM generate_series(date_trunc('week', (?::date)::timestamp), (?::date)::timestamp, interval '1 week') AS w`;

const windowParams = (w: TAnalyticsWindow) => [w.orgId, w.from, w.to];

/** Records received per week, every week of the window included. */
export async function countDecksPerWeek(em: EntityManager, w: TAnalyticsWindow) {
  const rows = await run<{ week_start: string; count: number }>(
    em,
    `WITH weeks AS (${WEEKS}),
       counts AS (SELECT ${WEEK} AS week_start, count(*)::int AS count FROM emails WHERE ${IN_WINDOW} GROUP BY 1)
     SELECT weeks.week_start, coalesce(counts.count, 0)::int AS count
       FROM weeks LEFT JOIN counts USING (week_start) ORDER BY weeks.week_start`,
    [w.from, w.to, ...windowParams(w)],
  );
  return rows.map((r) => ({ weekStart: r.week_start, count: Number(r.count) }));
}

/** The extracted fields the breakdowns group by. */
export type TBreakdownField = 'industry' | 'fundingRound' | 'location';

/**
 * Records with extracted data, per value of one field (case and spaces ignored; null for no value), largest
 * first. For `location` the value is its last comma-separated part ("Berlin, Germany" -> "Germany",
 * "Austin, TX" -> "TX"): the country or US state, named by the use-case.
 */
export async function countRecordsByField(em: EntityManager, w: TAnalyticsWindow, field: TBreakdownField) {
  const value =
    field === 'location'
      ? `nullif(btrim(regexp_replace(extracted_data->>'location', '^.*,', '')), '')`
      : `nullif(btrim(extracted_data->>?), '')`;
  const rows = await run<{ label: string | null; count: number }>(
    em,
    `SELECT max(v) AS label, count(*)::int AS count
       FROM (SELECT ${value} AS v FROM emails WHERE ${IN_WINDOW} AND extracted_data IS NOT NULL) AS records
      GROUP BY lower(v) ORDER BY count DESC, label NULLS LAST`,
    [...(field === 'location' ? [] : [field]), ...windowParams(w)],
  );
  return rows.map((r) => ({ label: r.label, count: Number(r.count) }));
}

/** Received -> completed -> a deal made (the deal id crm.deal.created put on the record). */
export async function countFunnel(em: EntityManager, w: TAnalyticsWindow) {
  const [row] = await run<{ received: number; completed: number; deals: number }>(
    em,
    `SELECT count(*)::int AS received,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE deal_id IS NOT NULL)::int AS deals
       FROM emails WHERE ${IN_WINDOW}`,
    windowParams(w),
  );
  return { received: Number(row!.received), completed: Number(row!.completed), deals: Number(row!.deals) };
}

/**
 * Per week: records whose processing ended (completed, failed or Missing Domain), and the median and 90th
 * percentile of the time from arrival at Dealflow (`received_at`) to that end (`processed_at`; a retried
 * record's last end), in seconds.
 */
export async function measureTimeToProcess(em: EntityManager, w: TAnalyticsWindow) {
  const seconds = 'extract(epoch FROM processed_at - received_at)';
  const rows = await run<{
    week_start: string;
    processed: number;
    median: number | string | null;
    p90: number | string | null;
  }>(
    em,
    `WITH weeks AS (${WEEKS}),
       times AS (
         SELECT ${WEEK} AS week_start, count(*)::int AS processed,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}) AS median,
                percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds}) AS p90
           FROM emails
          WHERE ${IN_WINDOW} AND processed_at IS NOT NULL
            AND status IN ('completed', 'failed', 'not_added_missing_domain')
          GROUP BY 1)
     SELECT weeks.week_start, coalesce(times.processed, 0)::int AS processed, times.median, times.p90
       FROM weeks LEFT JOIN times USING (week_start) ORDER BY weeks.week_start`,
    [w.from, w.to, ...windowParams(w)],
  );
  const toSeconds = (v: number | string | null) => (v === null ? null : Math.max(0, Number(v)));
  return rows.map((r) => ({
    weekStart: r.week_start,
    processed: Number(r.processed),
    medianSeconds: toSeconds(r.median),
    p90Seconds: toSeconds(r.p90),
  }));
}

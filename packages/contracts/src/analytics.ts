import { z } from 'zod';
import { ZErrorBody } from './common.js';
import { defineRoutes } from './http.js';

/** The longest range one analytics request may cover (a year and a day, so a full leap year fits). */
export const ANALYTICS_MAX_RANGE_DAYS = 367;
/** Without a range the charts cover the last 12 weeks, today included. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 84;

const ZDay = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/**
 * The date range of every analytics chart: calendar days in UTC, both included, by the day a record was
 * received (its `Date` header, the ingestion time without one: as the records list shows it).
 */
export const ZAnalyticsRangeQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_RANGE_DAYS,
    { message: `The range can cover at most ${ANALYTICS_MAX_RANGE_DAYS} days`, path: ['to'] },
  );
export type TAnalyticsRangeQuery = z.infer<typeof ZAnalyticsRangeQuery>;

/** The range a chart was computed for (the defaults filled in). */
const ZRange = { from: z.iso.date(), to: z.iso.date() };

export const ZDecksPerWeek = z.object({
  ...ZRange,
  /** Every week (Monday, UTC) that overlaps the range, zero weeks included. */
  weeks: z.array(z.object({ weekStart: z.iso.date(), count: z.number().int().nonnegative() })),
});
export type TDecksPerWeek = z.infer<typeof ZDecksPerWeek>;

/** Records per value of one extracted field, largest first; no value is 'Unknown', past the tenth 'Other'. */
export const ZAnalyticsBreakdown = z.object({
  ...ZRange,
  total: z.number().int().nonnegative(),
  groups: z.array(z.object({ label: z.string(), count: z.number().int().nonnegative() })),
});
export type TAnalyticsBreakdown = z.infer<typeof ZAnalyticsBreakdown>;

/** Received -> completed (extracted) -> a CRM deal made, over the records received in the range. */
export const ZAnalyticsFunnel = z.object({
  ...ZRange,
  received: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  deals: z.number().int().nonnegative(),
});
export type TAnalyticsFunnel = z.infer<typeof ZAnalyticsFunnel>;

/** From arrival at Dealflow to completed or failed, per week: median and 90th percentile in seconds. */
export const ZTimeToProcess = z.object({
  ...ZRange,
  weeks: z.array(
    z.object({
      weekStart: z.iso.date(),
      processed: z.number().int().nonnegative(),
      medianSeconds: z.number().nonnegative().nullable(),
      p90Seconds: z.number().nonnegative().nullable(),
    }),
  ),
});
export type TTimeToProcess = z.infer<typeof ZTimeToProcess>;

/** 403: the organization is not on an active Pro plan (the page shows its upgrade panel). */
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const chart = <T extends z.ZodType>(path: string, summary: string, schema: T) =>
  ({
    method: 'GET',
    path: `/api/analytics/${path}`,
    summary: `${summary} (Pro plan)`,
    tag: 'analytics',
    auth: 'member',
    query: ZAnalyticsRangeQuery,
    responses: { 200: schema, ...errors },
  }) as const;

/**
 * svc-ingest's analytics (Pro): one aggregate per chart, counted in SQL over the caller's organization's
 * records (`repositories/analytics.queries.ts`). Served under svc-ingest's table (`serviceRoutes.ingest`).
 */
export const analyticsRoutes = defineRoutes({
  analyticsDecksPerWeek: chart('decks-per-week', 'Decks received per week', ZDecksPerWeek),
  analyticsIndustries: chart('industries', 'Decks by industry', ZAnalyticsBreakdown),
  analyticsStages: chart('stages', 'Decks by funding stage (round)', ZAnalyticsBreakdown),
  analyticsCountries: chart('countries', 'Decks by country', ZAnalyticsBreakdown),
  analyticsFunnel: chart('funnel', 'Received, completed and deal counts', ZAnalyticsFunnel),
  analyticsTimeToProcess: chart('time-to-process', 'Processing time per week', ZTimeToProcess),
});

// The analytics page's calls (one aggregate per chart, svc-ingest) and the pure helpers its charts share.
import type {
  TAnalyticsBreakdown,
  TAnalyticsFunnel,
  TDecksPerWeek,
  TTimeToProcess,
} from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';

export type { TAnalyticsBreakdown, TAnalyticsFunnel, TDecksPerWeek, TTimeToProcess };

/** contracts' ANALYTICS_MAX_RANGE_DAYS and ANALYTICS_DEFAULT_RANGE_DAYS (kept here to keep zod out of the bundle). */
export const MAX_RANGE_DAYS = 367;
export const DEFAULT_RANGE_DAYS = 84;

export interface TAnalyticsRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 12 weeks, today included (UTC days, as the server counts them). */
export function defaultRange(now = new Date()): TAnalyticsRange {
  const to = isoDay(now.getTime());
  return { from: isoDay(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS), to };
}

/** The message a range input shows, or null when the server would accept it. */
export function rangeError(range: TAnalyticsRange): string | null {
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d));
  if (!valid(range.from) || !valid(range.to)) return 'Enter both dates';
  if (range.from > range.to) return 'The start date must be on or before the end date';
  if ((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS >= MAX_RANGE_DAYS)
    return `The range can cover at most ${MAX_RANGE_DAYS} days`;
  return null;
}

/** "Mar 2" for a week's Monday (UTC). */
export function formatWeek(weekStart: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "45 s", "3.5 min", "2.1 h" ("no data" for a week without processed records). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'no data';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${(seconds / 60).toFixed(1)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** "42%" of a whole (0 of 0 is 0%). */
export const percentOf = (part: number, whole: number) =>
  `${whole > 0 ? Math.round((part / whole) * 100) : 0}%`;

const query = (range: TAnalyticsRange) => ({ query: { from: range.from, to: range.to } });

/** One react-query definition per chart, keyed by the range. */
export const analyticsQueries = {
  decksPerWeek: (range: TAnalyticsRange) => api.ingest.analyticsDecksPerWeek.queryOptions(query(range)),
  industries: (range: TAnalyticsRange) => api.ingest.analyticsIndustries.queryOptions(query(range)),
  stages: (range: TAnalyticsRange) => api.ingest.analyticsStages.queryOptions(query(range)),
  countries: (range: TAnalyticsRange) => api.ingest.analyticsCountries.queryOptions(query(range)),
  funnel: (range: TAnalyticsRange) => api.ingest.analyticsFunnel.queryOptions(query(range)),
  timeToProcess: (range: TAnalyticsRange) => api.ingest.analyticsTimeToProcess.queryOptions(query(range)),
};

import type { EntityManager } from '@mikro-orm/core';
import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  type TAnalyticsBreakdown,
  type TAnalyticsRangeQuery,
} from '@dealflow/contracts';
import { isProActive, UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { IngestError } from '../errors.js';
import { COUNTRIES, US_STATES } from '../domain/extraction/locations.js';
import {
  countDecksPerWeek,
  countFunnel,
  countRecordsByField,
  measureTimeToProcess,
  type TAnalyticsWindow,
} from '../repositories/analytics.queries.js';
import { findOrganization } from '../repositories/organization.repository.js';

/** A breakdown shows this many values; the rest are summed as 'Other'. */
export const BREAKDOWN_GROUPS = 10;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The window of days a chart covers: the query's, the missing ends filled in (to = today, from = 12 weeks
 * before it); zod already refused a reversed or too long range.
 */
export function resolveAnalyticsWindow(orgId: number, query: TAnalyticsRangeQuery, now = new Date()) {
  const to = query.to ?? (query.from && query.from > day(now) ? query.from : day(now));
  const from = query.from ?? day(new Date(Date.parse(to) - (ANALYTICS_DEFAULT_RANGE_DAYS - 1) * 86_400_000));
  return { orgId, from, to } satisfies TAnalyticsWindow;
}

/** Analytics is a Pro feature: checked here, not only by the page. */
async function openWindow(em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) {
  const org = await findOrganization(em, orgId);
  if (!isProActive(org?.plan, org?.subscriptionStatus))
    throw new IngestError('PLAN_REQUIRED', UPGRADE_MESSAGES.analytics);
  return resolveAnalyticsWindow(orgId, query);
}

/** The first BREAKDOWN_GROUPS values by count, then 'Other'; records without a value are 'Unknown', last. */
export function foldBreakdown(groups: { label: string | null; count: number }[]) {
  const known = groups.filter((g) => g.label !== null).sort((a, b) => b.count - a.count);
  const unknown = groups.filter((g) => g.label === null).reduce((sum, g) => sum + g.count, 0);
  const shown = known.slice(0, BREAKDOWN_GROUPS).map((g) => ({ label: g.label!, count: g.count }));
  const other = known.slice(BREAKDOWN_GROUPS).reduce((sum, g) => sum + g.count, 0);
  return [
    ...shown,
    ...(other > 0 ? [{ label: 'Other', count: other }] : []),
    ...(unknown > 0 ? [{ label: 'Unknown', count: unknown }] : []),
  ];
}

/**
 * A location's last part named as a country: a country name or alias ("UK"), a US state code ("CA") as the
 * United States; anything else (a city alone) does not say the country: null.
 */
export function countryOf(lastPart: string | null): string | null {
  if (!lastPart) return null;
  const country = COUNTRIES.get(lastPart.toLowerCase());
  if (country) return country;
  return US_STATES.includes(lastPart.toUpperCase()) && /^[A-Za-z]{2}$/.test(lastPart)
    ? 'United States'
    : null;
}

async function breakdown(
  em: EntityManager,
  orgId: number,
  query: TAnalyticsRangeQuery,
  field: 'industry' | 'fundingRound' | 'location',
): Promise<TAnalyticsBreakdown> {
  const window = await openWindow(em, orgId, query);
  let groups = await countRecordsByField(em, window, field);
  if (field === 'location') {
    // The SQL grouped by the location's last part; several parts name one country (USA, CA, TX...).
    const byCountry = new Map<string | null, number>();
    for (const g of groups) {
      const country = countryOf(g.label);
      byCountry.set(country, (byCountry.get(country) ?? 0) + g.count);
    }
    groups = [...byCountry].map(([label, count]) => ({ label, count }));
  }
  return {
    from: window.from,
    to: window.to,
    total: groups.reduce((sum, g) => sum + g.count, 0),
    groups: foldBreakdown(groups),
  };
}

export async function getDecksPerWeek(em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) {
  const window = await openWindow(em, orgId, query);
  return { from: window.from, to: window.to, weeks: await countDecksPerWeek(em, window) };
}

export const getIndustryBreakdown = (em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) =>
  breakdown(em, orgId, query, 'industry');

export const getStageBreakdown = (em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) =>
  breakdown(em, orgId, query, 'fundingRound');

export const getCountryBreakdown = (em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) =>
  breakdown(em, orgId, query, 'location');

export async function getFunnel(em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) {
  const window = await openWindow(em, orgId, query);
  return { from: window.from, to: window.to, ...(await countFunnel(em, window)) };
}

export async function getTimeToProcess(em: EntityManager, orgId: number, query: TAnalyticsRangeQuery) {
  const window = await openWindow(em, orgId, query);
  return { from: window.from, to: window.to, weeks: await measureTimeToProcess(em, window) };
}

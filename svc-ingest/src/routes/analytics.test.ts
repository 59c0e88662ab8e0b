import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extracted, insertRecord } from '../test/factories/record.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

let h: TIngestTest;
const PRO = 41;
const OTHER_PRO = 42;
const BASIC = 43;
const range = '?from=2026-03-02&to=2026-03-29'; // four whole weeks, Monday to Sunday

const get = (chart: string, query = range, orgId = PRO, role: 'owner' | 'member' = 'owner') =>
  h.app.inject({
    method: 'GET',
    url: `/api/analytics/${chart}${query}`,
    headers: h.headersFor(orgId, role, role === 'owner' ? orgId * 100 : orgId * 100 + 1),
  });
const json = async (chart: string, query = range, orgId = PRO) => {
  const res = await get(chart, query, orgId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('analytics aggregates (real PostgreSQL)', () => {
  beforeAll(async () => {
    h = await startIngest();
    await h.createOrganization(PRO, { plan: 'pro' });
    await h.createOrganization(OTHER_PRO, { plan: 'pro' });
    await h.createOrganization(BASIC, { plan: 'basic' });

    const at = (day: string, time = '10:00:00') => `${day}T${time}Z`;
    // Week of 2026-03-02: three records; week of 03-09: none; week of 03-16: two; week of 03-23: one.
    await insertRecord(h, {
      orgId: PRO,
      sentAt: at('2026-03-02'),
      extractedData: extracted({ industry: 'Fintech', fundingRound: 'Seed', location: 'Berlin, Germany' }),
    });
    await insertRecord(h, {
      orgId: PRO,
      sentAt: at('2026-03-04'),
      extractedData: extracted({ industry: 'fintech ', fundingRound: 'Series A', location: 'Austin, TX' }),
      dealId: null,
    });
    // No Date header: its day is its arrival, Sunday 03-08, still the first week.
    await insertRecord(h, {
      orgId: PRO,
      sentAt: null,
      receivedAt: at('2026-03-08', '23:59:00'),
      status: 'failed',
      extractedData: null,
      processedAt: at('2026-03-09', '00:09:00'),
    });
    await insertRecord(h, {
      orgId: PRO,
      sentAt: at('2026-03-16'),
      status: 'not_added_missing_domain',
      extractedData: extracted({ industry: 'Healthcare', fundingRound: 'Seed', location: 'USA' }),
    });
    await insertRecord(h, { orgId: PRO, sentAt: at('2026-03-18'), status: 'pending', extractedData: null });
    await insertRecord(h, {
      orgId: PRO,
      sentAt: at('2026-03-29', '23:00:00'),
      extractedData: extracted({ industry: null, location: 'London' }),
    });
    // Outside the range on both sides.
    await insertRecord(h, { orgId: PRO, sentAt: at('2026-03-01', '23:59:59') });
    await insertRecord(h, { orgId: PRO, sentAt: at('2026-03-30', '00:00:00') });
    // Another organization's records in the same weeks are never counted.
    for (let i = 0; i < 5; i += 1) {
      await insertRecord(h, {
        orgId: OTHER_PRO,
        sentAt: at('2026-03-03'),
        extractedData: extracted({ industry: 'Fintech', fundingRound: 'Seed', location: 'Berlin, Germany' }),
      });
    }
  }, 120_000);
  afterAll(() => h?.stop());

  it('counts decks per week, every week of the range included', async () => {
    const body = await json('decks-per-week');
    expect(body).toEqual({
      from: '2026-03-02',
      to: '2026-03-29',
      weeks: [
        { weekStart: '2026-03-02', count: 3 },
        { weekStart: '2026-03-09', count: 0 },
        { weekStart: '2026-03-16', count: 2 },
        { weekStart: '2026-03-23', count: 1 },
      ],
    });
    const other = await json('decks-per-week', range, OTHER_PRO);
    expect(other.weeks.map((w: { count: number }) => w.count)).toEqual([5, 0, 0, 0]);
  });

  it('groups extracted records by industry (case and spaces ignored), without a value as Unknown', async () => {
    const body = await json('industries');
    expect(body.total).toBe(4);
    expect(body.groups).toEqual([
      { label: 'fintech', count: 2 },
      { label: 'Healthcare', count: 1 },
      { label: 'Unknown', count: 1 },
    ]);
  });

  it('groups by funding stage', async () => {
    const body = await json('stages');
    expect(body.groups).toEqual([
      { label: 'Seed', count: 2 },
      { label: 'Series A', count: 1 },
      { label: 'Unknown', count: 1 },
    ]);
  });

  it('names the country of a location (US states and aliases included; a city alone is Unknown)', async () => {
    const body = await json('countries');
    expect(body.groups).toEqual([
      { label: 'United States', count: 2 },
      { label: 'Germany', count: 1 },
      { label: 'Unknown', count: 1 },
    ]);
  });

  it('folds the values past the tenth into Other', async () => {
    for (let i = 0; i < 12; i += 1) {
      await insertRecord(h, {
        orgId: OTHER_PRO,
        sentAt: '2025-06-02T10:00:00Z',
        extractedData: extracted({ industry: `Industry ${String(i).padStart(2, '0')}` }),
      });
    }
    const body = await json('industries', '?from=2025-06-01&to=2025-06-07', OTHER_PRO);
    expect(body.total).toBe(12);
    expect(body.groups).toHaveLength(11);
    expect(body.groups.at(-1)).toEqual({ label: 'Other', count: 2 });
  });

  it('counts the funnel received -> completed -> deal', async () => {
    expect(await json('funnel')).toEqual({
      from: '2026-03-02',
      to: '2026-03-29',
      received: 6,
      completed: 3,
      deals: 2,
    });
  });

  it('measures time to process per week: median and 90th percentile in seconds', async () => {
    // Week of 2026-04-06: processing took 60, 120, 180, 240 and 1000 seconds; one record still pending.
    for (const seconds of [60, 120, 180, 240, 1000]) {
      const receivedAt = '2026-04-07T08:00:00Z';
      await insertRecord(h, {
        orgId: PRO,
        sentAt: receivedAt,
        processedAt: new Date(Date.parse(receivedAt) + seconds * 1000).toISOString(),
      });
    }
    await insertRecord(h, { orgId: PRO, sentAt: '2026-04-08T08:00:00Z', status: 'processing' });
    const body = await json('time-to-process', '?from=2026-04-06&to=2026-04-19');
    expect(body.weeks).toEqual([
      { weekStart: '2026-04-06', processed: 5, medianSeconds: 180, p90Seconds: 696 },
      { weekStart: '2026-04-13', processed: 0, medianSeconds: null, p90Seconds: null },
    ]);
  });

  it('covers the last 12 weeks without a range, and lets members read it', async () => {
    const res = await get('decks-per-week', '', PRO, 'member');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(83);
  });

  it('refuses a reversed, too long or malformed range with the reason', async () => {
    const reversed = await get('funnel', '?from=2026-03-10&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/start date must be on or before the end date/);
    const long = await get('funnel', '?from=2024-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 367 days/);
    const malformed = await get('funnel', '?from=March');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/YYYY-MM-DD/);
  });

  it('answers a Basic organization 403 with the upgrade message, for every chart', async () => {
    for (const chart of [
      'decks-per-week',
      'industries',
      'stages',
      'countries',
      'funnel',
      'time-to-process',
    ]) {
      const res = await get(chart, range, BASIC);
      expect(res.statusCode, chart).toBe(403);
      expect(res.json()).toEqual({ message: UPGRADE_MESSAGES.analytics });
    }
  });

  it('refuses a signed-out caller', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/analytics/funnel${range}` });
    expect(res.statusCode).toBe(401);
  });
});

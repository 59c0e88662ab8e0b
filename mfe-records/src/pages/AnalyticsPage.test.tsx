import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { answerApi, createSession, renderPage } from '../test/render.js';
import AnalyticsPage from './AnalyticsPage.js';

const range = { from: '2026-03-02', to: '2026-03-15' };
const answers: Record<string, unknown> = {
  'decks-per-week': {
    ...range,
    weeks: [
      { weekStart: '2026-03-02', count: 4 },
      { weekStart: '2026-03-09', count: 1 },
    ],
  },
  industries: {
    ...range,
    total: 5,
    groups: [
      { label: 'Fintech', count: 3 },
      { label: 'Unknown', count: 2 },
    ],
  },
  stages: { ...range, total: 5, groups: [{ label: 'Seed', count: 5 }] },
  countries: { ...range, total: 5, groups: [{ label: 'Germany', count: 5 }] },
  funnel: { ...range, received: 5, completed: 4, deals: 2 },
  'time-to-process': {
    ...range,
    weeks: [
      { weekStart: '2026-03-02', processed: 4, medianSeconds: 45, p90Seconds: 300 },
      { weekStart: '2026-03-09', processed: 0, medianSeconds: null, p90Seconds: null },
    ],
  },
};
const empty: Record<string, unknown> = {
  'decks-per-week': { ...range, weeks: [{ weekStart: '2026-03-02', count: 0 }] },
  industries: { ...range, total: 0, groups: [] },
  stages: { ...range, total: 0, groups: [] },
  countries: { ...range, total: 0, groups: [] },
  funnel: { ...range, received: 0, completed: 0, deals: 0 },
  'time-to-process': {
    ...range,
    weeks: [{ weekStart: '2026-03-02', processed: 0, medianSeconds: null, p90Seconds: null }],
  },
};

function serve(
  session: ReturnType<typeof createSession>,
  chart: (name: string) => { status?: number; body: unknown } | undefined = (name) => ({
    body: answers[name],
  }),
) {
  return answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: session };
    const name = /^\/api\/analytics\/(.+)$/.exec(url.pathname)?.[1];
    return name ? chart(name) : undefined;
  });
}
const analyticsCalls = (calls: Array<{ path: string }>) =>
  calls.filter((c) => c.path.startsWith('/api/analytics/'));
const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title }, { timeout: 10_000 });
  return heading.closest('[aria-labelledby]') as HTMLElement;
};

describe('Analytics page', () => {
  it('draws every chart for a Pro organization, each with its figures as a table', async () => {
    const calls = serve(createSession());
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByRole('heading', { name: 'Analytics' }, { timeout: 10_000 })).toBeTruthy();

    const funnel = await card('Funnel');
    const funnelTable = await within(funnel).findByRole(
      'table',
      { name: 'Funnel (table)' },
      { timeout: 10_000 },
    );
    expect(within(funnelTable).getByRole('row', { name: /Completed 4 80%/ })).toBeTruthy();
    expect(within(funnelTable).getByRole('row', { name: /Deal created 2 40%/ })).toBeTruthy();

    const industries = await card('By industry');
    const industryTable = await within(industries).findByRole('table', { name: 'By industry (table)' });
    expect(within(industryTable).getByRole('row', { name: /Fintech 3 60%/ })).toBeTruthy();

    const timing = await card('Time to process');
    const timingTable = await within(timing).findByRole('table', { name: 'Time to process (table)' });
    expect(within(timingTable).getByRole('row', { name: /Mar 2 4 45 s 5.0 min/ })).toBeTruthy();
    expect(within(timingTable).getByRole('row', { name: /Mar 9 0 no data no data/ })).toBeTruthy();

    // @fluentui/react-charts itself renders in jsdom: the drawings are SVG, not the failure fallback.
    const decks = await card('Decks per week');
    await waitFor(() => expect(decks.querySelector('svg')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByText(/could not be drawn/)).toBeNull();

    // One aggregate per chart, each with the range of the inputs (the last 12 weeks by default).
    const paths = analyticsCalls(calls).map((c) => new URL(c.path, 'http://x').pathname);
    expect(new Set(paths)).toEqual(new Set(Object.keys(answers).map((name) => `/api/analytics/${name}`)));
    const query = new URL(analyticsCalls(calls)[0]!.path, 'http://x').searchParams;
    expect((Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000).toBe(83);
  });

  it('shows a Basic owner the upgrade panel and asks nothing of the analytics API', async () => {
    const calls = serve(createSession({ organization: { plan: 'basic' } }));
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(
      await screen.findByRole('heading', { name: 'Analytics is a Pro feature' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(analyticsCalls(calls)).toEqual([]);
  });

  it('tells a member of a free organization to ask the owner', async () => {
    serve(
      createSession({ user: { role: 'member' }, organization: { plan: 'free', subscriptionStatus: null } }),
    );
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(
      await screen.findByText(
        'Ask the owner of your organization to upgrade to Pro.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('shows the upgrade panel with the server message when the server refuses (403)', async () => {
    serve(createSession(), () => ({ status: 403, body: { message: UPGRADE_MESSAGES.analytics } }));
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText(UPGRADE_MESSAGES.analytics, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Analytics is a Pro feature' })).toBeTruthy();
  });

  it('says when a range has no decks, and shows one chart error without hiding the others', async () => {
    serve(createSession(), (name) =>
      name === 'countries'
        ? { status: 500, body: { message: 'Internal server error' } }
        : { body: empty[name] },
    );
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    const decks = await card('Decks per week');
    expect(
      await within(decks).findByText('No decks were received in this range.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const countries = await card('By country');
    expect(
      await within(countries).findByText(/By country could not be loaded: Internal server error/),
    ).toBeTruthy();
  });

  it('validates the range before asking the server', async () => {
    const calls = serve(createSession());
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    const from = (await screen.findByLabelText('From', {}, { timeout: 10_000 })) as HTMLInputElement;
    await card('Funnel');
    const before = analyticsCalls(calls).length;
    fireEvent.change(from, { target: { value: '2099-01-01' } });
    expect(await screen.findByText('The start date must be on or before the end date')).toBeTruthy();
    expect(analyticsCalls(calls).length).toBe(before);
    fireEvent.change(from, { target: { value: '2026-01-05' } });
    await waitFor(() =>
      expect(analyticsCalls(calls).some((c) => c.path.includes('from=2026-01-05'))).toBe(true),
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TActivityEntry } from '@dealflow/contracts';
import ActivityPage, { ActivityTexts } from './ActivityPage.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 1,
  plan: 'pro',
  billingCycle: 'annual',
  subscriptionStatus: 'active',
  subscriptionQuantity: 2,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const person = (id: number, name: string, role: 'owner' | 'member') => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  emailVerified: true,
  createdAt: '2026-11-02T10:00:00.000Z',
});
const owner = person(1, 'Olivia', 'owner');
const member = person(2, 'Max', 'member');

const entry = (id: number, patch: Partial<TActivityEntry> = {}): TActivityEntry => ({
  id,
  occurredAt: '2026-11-20T10:00:00.000Z',
  action: 'sign_in',
  category: 'security',
  description: `Olivia signed in (${id})`,
  actor: { userId: 1, name: 'Olivia', email: 'olivia@example.com' },
  target: null,
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  details: { method: 'password' },
  ...patch,
});

/** The API as the page sees it; `activity` answers GET /api/organization/activity from its query. */
function signedInAs(
  user: typeof owner,
  activity: (query: URLSearchParams) => { status?: number; body: unknown } = () => ({
    body: { entries: [], nextCursor: null },
  }),
) {
  return answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: { user, organization, sessionId: 's' } };
    if (url.pathname === '/api/organization/members')
      return {
        body: [owner, member].map((p) => ({
          id: p.id,
          name: p.name,
          email: p.email,
          role: p.role,
          createdAt: p.createdAt,
        })),
      };
    if (url.pathname === '/api/organization/activity') return activity(url.searchParams);
    return undefined;
  });
}

describe('ActivityPage', () => {
  it('tells a member it is for owners and never asks the API for the log', async () => {
    const calls = signedInAs(member);
    renderPage(<ActivityPage />, { path: '/activity' });
    expect(await screen.findByText(ActivityTexts.ownerOnly)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/organization/activity'))).toBe(false);
  });

  it('shows a spinner while loading, then the entries with who, what, where', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: { user: owner, organization, sessionId: 's' } };
      if (url.pathname === '/api/organization/members') return { body: [] };
      return undefined;
    });
    // Hold the log's answer to see the loading state.
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: string, init?: RequestInit) => {
      if (String(input).startsWith('/api/organization/activity')) {
        await gate;
        return new Response(JSON.stringify({ entries: [entry(1)], nextCursor: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return stubbed(input, init);
    }) as typeof fetch;
    renderPage(<ActivityPage />, { path: '/activity' });
    expect(await screen.findByText('Loading activity...')).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Signed in')).toBeTruthy();
    expect(within(row).getByText('olivia@example.com')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText('Olivia signed in (1)')).toBeTruthy();
  });

  it('shows the empty state, and a different one when filters match nothing', async () => {
    signedInAs(owner);
    renderPage(<ActivityPage />, { path: '/activity' });
    expect(await screen.findByText(ActivityTexts.empty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'billing' } });
    expect(await screen.findByText(ActivityTexts.emptyFiltered)).toBeTruthy();
  });

  it('sends the filters (member, category, whole days) and builds the CSV link for the same filters', async () => {
    const calls = signedInAs(owner, () => ({ body: { entries: [entry(1)], nextCursor: null } }));
    renderPage(<ActivityPage />, { path: '/activity' });
    await screen.findByRole('table', { name: 'Activity' });
    await screen.findByRole('option', { name: 'Max (max@example.com)' });
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'team' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    const from = new Date('2026-11-01T00:00:00').toISOString();
    const to = new Date('2026-11-30T23:59:59.999').toISOString();
    await waitFor(() => {
      const last = calls.filter((c) => c.path.startsWith('/api/organization/activity?')).at(-1);
      const query = new URL(last!.path, 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({ userId: '2', category: 'team', from, to, limit: '25' });
    });
    const link = screen.getByRole('link', { name: ActivityTexts.exportCsv });
    const csv = new URL(link.getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/organization/activity/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ userId: '2', category: 'team', from, to });
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says when the dates are the wrong way round, and neither loads nor offers the CSV', async () => {
    const calls = signedInAs(owner);
    renderPage(<ActivityPage />, { path: '/activity' });
    await screen.findByText(ActivityTexts.empty);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('to='))).toBe(true));
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText(ActivityTexts.invertedRange)).toBeTruthy();
    expect(screen.queryByRole('link', { name: ActivityTexts.exportCsv })).toBeNull();
    expect(calls.slice(before).some((c) => c.path.startsWith('/api/organization/activity?'))).toBe(false);
  });

  it('loads the next page with the cursor and appends it', async () => {
    const calls = signedInAs(owner, (query) =>
      query.get('cursor') === 'next-1'
        ? { body: { entries: [entry(2, { description: 'page two entry' })], nextCursor: null } }
        : { body: { entries: [entry(1)], nextCursor: 'next-1' } },
    );
    renderPage(<ActivityPage />, { path: '/activity' });
    await screen.findByText('Olivia signed in (1)');
    await userEvent.click(buttonNamed(ActivityTexts.loadMore));
    expect(await screen.findByText('page two entry')).toBeTruthy();
    expect(screen.getByText('Olivia signed in (1)')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('cursor=next-1'))).toBe(true);
    await waitFor(() => expect(() => buttonNamed(ActivityTexts.loadMore)).toThrow());
  });

  it("shows the server's message with a retry when the log cannot be read", async () => {
    signedInAs(owner, () => ({ status: 403, body: { message: 'Only the organization owner can do this' } }));
    renderPage(<ActivityPage />, { path: '/activity' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only the organization owner can do this');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

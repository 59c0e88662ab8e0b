import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type * as WebKit from '@dealflow/web-kit';
import { answerApi, createSession, renderPage } from '../test/render.js';

// The access panel is billing's remote; here it is a stand-in so the page renders without a federation runtime.
vi.mock('@dealflow/web-kit', async (importOriginal) => ({
  ...(await importOriginal<typeof WebKit>()),
  RemoteComponent: ({ id }: { id: string }) => <div data-testid="remote">{id}</div>,
}));
const { default: DashboardPage } = await import('./DashboardPage.js');

const session = createSession({ user: { name: 'Ivy' } });

describe('Dashboard', () => {
  it('shows the error block with Return to Login when the current user cannot be fetched', async () => {
    answerApi((url) =>
      url.pathname === '/api/auth/me' ? { status: 500, body: { message: 'boom' } } : undefined,
    );
    renderPage(<DashboardPage />);
    expect(await screen.findByText('Error Loading Dashboard', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      screen.getByText('There was an error loading your dashboard. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Login' })).toBeTruthy();
  });

  it('shows the pipeline of this month by status, the usage against the limit and the access panel', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/stripe/usage') {
        return {
          body: {
            month: '2026-11',
            totalDecksProcessed: 42,
            limit: 400,
            usageRecords: [
              { id: 'u1', userId: 1, user: { name: 'Ivy', email: 'ivy@fund.example' }, decksProcessed: 42 },
            ],
          },
        };
      }
      if (url.pathname === '/api/emails/pipeline') {
        return {
          body: {
            since: '2026-11-01T00:00:00.000Z',
            counts: [
              { status: 'completed', count: 2 },
              { status: 'processing', count: 0 },
              { status: 'pending', count: 0 },
              { status: 'failed', count: 1 },
              { status: 'not_added_missing_domain', count: 0 },
            ],
          },
        };
      }
      return undefined;
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const pipeline = await screen.findByRole('list', { name: 'Pipeline this month' });
    expect(within(pipeline).getByRole('listitem', { name: 'Completed: 2' })).toBeTruthy();
    expect(within(pipeline).getByRole('listitem', { name: 'Failed: 1' })).toBeTruthy();
    expect(within(pipeline).getByRole('listitem', { name: 'Missing Domain: 0' })).toBeTruthy();
    expect(await screen.findByText('42 of 400 decks')).toBeTruthy();
    // The counts come from one request; the records list is not paged through.
    expect(calls.filter((c) => c.path === '/api/emails/pipeline')).toHaveLength(1);
    expect(calls.filter((c) => c.path.startsWith('/api/emails?'))).toHaveLength(0);
    expect(screen.getByTestId('remote').textContent).toBe('mfe_billing/AccessPanel');
  });
});

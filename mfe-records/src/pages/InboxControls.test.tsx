import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { Toaster } from '@dealflow/web-kit';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { createRecord } from '../test/records.js';
import ProcessedEmailsPage from './ProcessedEmailsPage.js';

const session = createSession({ user: { name: 'Ivy' } });

/** Shows the router's current search string, so the test sees what the page keeps in the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const listCalls = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/emails?')).map((c) => c.path);

describe('Processed Records: the inbox (issue 22)', () => {
  it('reads the filters from the URL, sends them to the list and the export, and writes changes back', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [createRecord()], total: 1 } };
      return undefined;
    });
    renderPage(
      <>
        <ProcessedEmailsPage />
        <LocationProbe />
      </>,
      { path: '/processed-emails?q=robots&industry=Fintech&receivedFrom=2026-01-01&view=archived' },
    );
    await screen.findByRole('table', { name: 'Processed records' });
    expect(listCalls(calls)[0]).toBe(
      '/api/emails?page=1&limit=10&filter=all&searchTerm=robots&view=archived&industry=Fintech&receivedFrom=2026-01-01',
    );
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('robots');
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe(
      '/api/emails/export?filter=all&searchTerm=robots&view=archived&industry=Fintech&receivedFrom=2026-01-01',
    );

    // A new filter joins the others, in the URL and in the next request.
    await userEvent.type(screen.getByRole('textbox', { name: 'Location' }), 'Berlin{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('location=Berlin'));
    expect(screen.getByTestId('location').textContent).toContain('industry=Fintech');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('location=Berlin'));
    expect(listCalls(calls).at(-1)).toContain('industry=Fintech');

    // The owner filter: only the signed-in member's records.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only mine' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain(`ownerId=${session.user.id}`),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain(`ownerId=${session.user.id}`));

    // Back to the inbox: the default view leaves the URL.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'inbox');
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('view='));
  });

  it('selects rows (one, then all shown) and archives them in one request', async () => {
    const a = createRecord({ fromEmail: 'a@alpha.io' });
    const b = createRecord({ fromEmail: 'b@beta.io' });
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [a, b], total: 2 } };
      if (url.pathname === '/api/emails/bulk' && init.method === 'POST')
        return {
          body: {
            results: [
              { id: a.id, ok: true },
              { id: b.id, ok: true },
            ],
          },
        };
      return undefined;
    });
    renderPage(
      <>
        <ProcessedEmailsPage />
        <Toaster />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'Processed records' });
    expect(screen.queryByRole('toolbar', { name: 'Selected records' })).toBeNull();
    const rows = within(table).getAllByRole('row');
    await userEvent.click(within(rows[1]!).getByRole('checkbox'));
    const bar = screen.getByRole('toolbar', { name: 'Selected records' });
    expect(within(bar).getByText('1 record selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown records' }));
    expect(within(bar).getByText('2 records selected')).toBeTruthy();

    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/emails/bulk')?.body).toEqual({
        action: 'archive',
        ids: [a.id, b.id],
      }),
    );
    expect(await screen.findByText('2 records archived')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected records' })).toBeNull());
  });

  it('deletes a record only after the confirmation, and shows a search snippet with its match marked', async () => {
    const record = createRecord({ snippet: 'we \u0002route\u0003 freight' });
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [record], total: 1 } };
      if (url.pathname === `/api/emails/${record.id}` && init.method === 'DELETE')
        return { body: { deleted: true, id: record.id } };
      return undefined;
    });
    renderPage(
      <>
        <ProcessedEmailsPage />
        <Toaster />
      </>,
    );
    const snippet = await screen.findByTestId('search-snippet');
    expect(snippet.querySelector('mark')?.textContent).toBe('route');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // Fluent's dialog is aria-hidden while it opens: wait for its button (a loaded machine takes seconds).
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Delete record' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Record deleted')).toBeTruthy();
  });

  it('marks a record "not a deck" and blocks its domain', async () => {
    const record = createRecord({ fromEmail: 'news@spam.example' });
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [record], total: 1 } };
      if (url.pathname === `/api/emails/${record.id}/not-a-deck` && init.method === 'POST')
        return { body: { ...record, notADeck: true, archivedAt: new Date().toISOString() } };
      return undefined;
    });
    renderPage(
      <>
        <ProcessedEmailsPage />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Not a deck' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not a deck' });
    await userEvent.click(
      await within(dialog).findByRole(
        'radio',
        { name: 'Block everyone at spam.example' },
        { timeout: 10_000 },
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as not a deck' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/api/emails/${record.id}/not-a-deck`)?.body).toEqual({
        block: 'domain',
      }),
    );
    expect(await screen.findByText('Marked as not a deck')).toBeTruthy();
  });
});

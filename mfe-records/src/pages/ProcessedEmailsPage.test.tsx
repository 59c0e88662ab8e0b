import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@dealflow/web-kit';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { createRecord } from '../test/records.js';
import ProcessedEmailsPage from './ProcessedEmailsPage.js';

const session = createSession({ user: { name: 'Ivy' } });

describe('Processed Records page', () => {
  it('lists records with company badge, sender, status reason, Retry only where allowed, and the paging text', async () => {
    const failed = createRecord({
      status: 'not_added_missing_domain',
      statusReason: 'No company domain',
      dealUrl: null,
      extractedData: null,
      from: 'Bo',
      fromEmail: 'bo@gmail.com',
    });
    const done = createRecord({ canAnalyze: true });
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [failed, done], total: 12 } };
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />, { path: '/processed-emails' });

    const table = await screen.findByRole('table', { name: 'Processed records' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Unknown Company')).toBeTruthy();
    expect(within(rows[1]!).getByText('Unknown industry')).toBeTruthy();
    expect(within(rows[1]!).getByText('Missing Domain')).toBeTruthy();
    expect(within(rows[1]!).getByText('No company domain')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'View CRM deal' })).toBeNull();
    expect(within(rows[2]!).getByText('OL')).toBeTruthy();
    // Issue 23: the company opens the record's page.
    expect(within(rows[2]!).getByRole('link', { name: 'Orbital Labs' }).getAttribute('href')).toBe(
      `/records/${done.id}`,
    );
    expect(within(rows[2]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'View AI analysis' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'View CRM deal' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 12 results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path.startsWith('/api/emails'))!.path).toBe(
      '/api/emails?page=1&limit=10&filter=all',
    );
  });

  it('keeps refreshing a Completed record until its CRM deal link arrives', async () => {
    const awaitingDeal = createRecord({ dealUrl: null });
    let listCalls = 0;
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') {
        listCalls += 1;
        const record =
          listCalls === 1
            ? awaitingDeal
            : { ...awaitingDeal, dealUrl: `http://localhost:3000/processed-emails?deal=${awaitingDeal.id}` };
        return { body: { data: [record], total: 1 } };
      }
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />, { path: '/processed-emails' });
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View CRM deal' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'View CRM deal' }, { timeout: 6000 })).toBeTruthy();
    expect(listCalls).toBe(2);
  }, 10_000);

  it('retries a failed record with the real call and toasts Processing Started', async () => {
    const failed = createRecord({ status: 'failed', statusReason: 'The PDF is encrypted', dealUrl: null });
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [failed], total: 1 } };
      if (url.pathname === `/api/emails/${failed.id}/retry` && init.method === 'POST')
        return { status: 202, body: { ...failed, status: 'pending' } };
      return undefined;
    });
    renderPage(
      <>
        <ProcessedEmailsPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('The PDF is encrypted')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/emails/${failed.id}/retry`)).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Processing Started')).toBeTruthy();
    expect(screen.getByText('The record is being reprocessed.')).toBeTruthy();
  });

  it('asks for the next page and the chosen status, and searches on submit only', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') {
        const page = Number(url.searchParams.get('page'));
        return {
          body: {
            data: [createRecord(), createRecord()].map((r) => ({ ...r, id: r.id + page * 1000 })),
            total: 4,
          },
        };
      }
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />);
    await screen.findByText('Showing 2 of 4 results');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 4 of 4 results');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Missing Domain');
    await waitFor(() =>
      expect(calls.some((c) => c.path.includes('filter=not_added_missing_domain'))).toBe(true),
    );

    await userEvent.type(screen.getByRole('searchbox'), 'orbital');
    expect(calls.some((c) => c.path.includes('searchTerm'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('searchTerm=orbital'))).toBe(true));
  });

  it('opens the extracted data with its four sections', async () => {
    const record = createRecord();
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [record], total: 1 } };
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View extracted data' }));
    const dialog = await screen.findByRole('dialog');
    for (const section of [
      'Company Information',
      'Funding Information',
      'Key Metrics',
      'Contact Information',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(within(dialog).getByText('$400k')).toBeTruthy();
  });

  it('gives the focus back to the row button that opened a dialog when it closes', async () => {
    const record = createRecord();
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [record], total: 1 } };
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />);
    const opener = await screen.findByRole('button', { name: 'View extracted data' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows the email's own date as Received, and when Dealflow got it only when that was much later", async () => {
    const sent = new Date(2026, 2, 5, 15, 4);
    const late = createRecord({ receivedAt: sent.toISOString(), ingestedAt: new Date().toISOString() });
    const onTime = createRecord({ fromEmail: 'bo@on-time.io' });
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/emails') return { body: { data: [late, onTime], total: 2 } };
      return undefined;
    });
    renderPage(<ProcessedEmailsPage />);
    const table = await screen.findByRole('table', { name: 'Processed records' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Mar 5, 3:04 PM')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Ingested Today, /)).toBeTruthy();
    expect(within(rows[2]!).queryByText(/^Ingested/)).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dealflow/web-kit';
import type * as WebKit from '@dealflow/web-kit';
import { answerApi, createSession, renderPage } from '../test/render.js';
import AccountingIntegrationPage from './AccountingIntegrationPage.js';

// The page's toasts, recorded (and still shown): the toast store is global, so its contents span tests.
vi.mock('@dealflow/web-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof WebKit>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

/** Integration 2's states against the typed client's answers: connecting, connected, syncing, the log. */
const session = createSession({ user: { name: 'Ivy' } });
const settings = (connected: boolean) => ({
  connected,
  clientId: connected ? 'CUSTOMCLIENTID' : null,
  environment: 'sandbox',
  advancedFeatures: false,
  dataFormat: 'json',
  syncFrequency: 'daily',
  encryption: true,
  autoSync: true,
  lastSyncAt: null,
  tenantName: connected ? 'Demo Company (Global)' : null,
});
const run = (over: object) => ({
  id: 1,
  trigger: 'manual',
  status: 'succeeded',
  created: 2,
  updated: 0,
  failed: 0,
  error: null,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:01.000Z',
  exportFormat: 'json',
  ...over,
});

type TRoute = Parameters<typeof answerApi>[0];
/** answerApi, with the answers of `path` held until `release()` (a request in flight). */
function answerHeld(route: TRoute, path: string) {
  const calls = answerApi(route);
  const answer = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (new URL(String(input), 'http://localhost').pathname === path && init.method && init.method !== 'GET')
      await gate;
    return answer(input, init);
  });
  return { calls, release };
}

const disabled = (tab: HTMLElement) =>
  tab.getAttribute('aria-disabled') === 'true' || (tab as HTMLButtonElement).disabled;
const openSync = async () => userEvent.click(await screen.findByRole('tab', { name: 'Sync' }));

describe('Integration 2: connecting to Xero', () => {
  it('shows Connecting... while Xero checks the credentials, then the organisation it reached', async () => {
    let connected = false;
    const { release } = answerHeld((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting' && init.method === 'PUT') {
        connected = true;
        return { body: settings(true) };
      }
      if (url.pathname === '/api/integrations/accounting') return { body: settings(connected) };
      return undefined;
    }, '/api/integrations/accounting');
    renderPage(<AccountingIntegrationPage />);
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    expect(disabled(screen.getByRole('tab', { name: 'Sync' }))).toBe(true);
    await userEvent.type(screen.getByLabelText(/Client ID/), 'CUSTOMCLIENTID');
    await userEvent.type(screen.getByLabelText(/Client Secret/), 'custom-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeTruthy();
    release();
    expect(await screen.findByText('to Demo Company (Global)')).toBeTruthy();
    expect(disabled(screen.getByRole('tab', { name: 'Sync' }))).toBe(false);
  });

  it("shows Xero's refusal of the credentials and stays disconnected", async () => {
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting' && init.method === 'PUT')
        return { status: 400, body: { message: 'Xero refused the Client ID and Client Secret' } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(false) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await userEvent.type(await screen.findByLabelText(/Client ID/), 'CUSTOMCLIENTID');
    await userEvent.type(screen.getByLabelText(/Client Secret/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Xero refused the Client ID and Client Secret')).toBeTruthy();
    expect(screen.getByText('Disconnected')).toBeTruthy();
  });
});

describe('Integration 2: sync and its log', () => {
  it('says when no sync has run, shows Syncing... during a run, then the run in the log', async () => {
    let runs: object[] = [];
    const { calls, release } = answerHeld((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync' && init.method === 'POST') {
        runs = [run({})];
        return { body: runs[0] };
      }
      if (url.pathname === '/api/integrations/accounting/sync-log') return { body: { runs } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    }, '/api/integrations/accounting/sync');
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    expect(await screen.findByText('No sync has run yet.')).toBeTruthy();
    expect(screen.getByText(/as a contact/).textContent).toContain('Demo Company (Global)');
    await userEvent.click(screen.getByRole('button', { name: 'Start Sync' }));
    expect(await screen.findByRole('button', { name: 'Syncing...' })).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Sync log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Manual')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ data: 'all' });
  });

  it('lists scheduled and failed runs with their error text', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync-log')
        return {
          body: {
            runs: [
              run({
                id: 3,
                trigger: 'scheduled',
                status: 'partial',
                created: 0,
                updated: 2,
                failed: 1,
                error: 'Refused Ltd: The contact "Refused Ltd" could not be saved.',
              }),
              run({
                id: 2,
                status: 'failed',
                created: 0,
                error: "Xero's rate limit was reached; the sync stopped and will try again later",
              }),
            ],
          },
        };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    const table = await screen.findByRole('table', { name: 'Sync log' });
    expect(within(table).getByText('Scheduled')).toBeTruthy();
    expect(within(table).getByText('Partly failed')).toBeTruthy();
    expect(
      within(table).getByText('Refused Ltd: The contact "Refused Ltd" could not be saved.'),
    ).toBeTruthy();
    const failedRow = within(table).getAllByRole('row')[2]!;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('Manual')).toBeTruthy();
    expect(within(table).getByText(/rate limit was reached/)).toBeTruthy();
    // Only companies exist in DealFlow: transactions and products cannot be chosen.
    const transactions = screen.getByRole('option', { name: /Transactions/ }) as HTMLOptionElement;
    expect(transactions.disabled).toBe(true);
  });

  it('shows a log that cannot load, and a sync the server cannot start', async () => {
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync-log')
        return { status: 503, body: { message: 'Service unavailable' } };
      if (url.pathname === '/api/integrations/accounting/sync' && init.method === 'POST')
        return { status: 503, body: { message: 'Xero could not be reached; try again in a moment' } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    expect(await screen.findByText(/Service unavailable|The sync log could not be loaded/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start Sync' }));
    expect(await screen.findByText('Xero could not be reached; try again in a moment')).toBeTruthy();
  });

  it('says "A sync is already running" on a 409, without a failure, and shows the running run', async () => {
    let runs: object[] = [];
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync' && init.method === 'POST') {
        // The schedule started a run a moment ago.
        runs = [
          run({ id: 9, trigger: 'scheduled', status: 'running', finishedAt: null, exportFormat: null }),
        ];
        return { status: 409, body: { message: 'A sync is already running' } };
      }
      if (url.pathname === '/api/integrations/accounting/sync-log') return { body: { runs } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    expect(await screen.findByText('No sync has run yet.')).toBeTruthy();
    vi.mocked(toast).mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Start Sync' }));
    // The info note, not the error bar (which would hold the server's message alone).
    expect(await screen.findByText(/^A sync is already running: it shows in the log below/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sync log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(within(row).getByText('Scheduled')).toBeTruthy();
    expect(within(row).getByText('None')).toBeTruthy();
    // Not a failure: no toast at all.
    expect(toast).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/api/integrations/accounting/sync-log').length).toBeGreaterThan(1);
  });

  it('links each run to its export download in the format it was kept in', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync-log')
        return {
          body: {
            runs: [
              run({ id: 3, exportFormat: 'csv' }),
              run({
                id: 2,
                status: 'failed',
                error: 'Xero refused the Client ID and Client Secret',
                exportFormat: null,
              }),
            ],
          },
        };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    const table = await screen.findByRole('table', { name: 'Sync log' });
    const link = within(table).getByRole('link', { name: /^Download CSV: the sync of / });
    expect(link.getAttribute('href')).toBe('/api/integrations/accounting/sync-log/3/export');
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.textContent).toBe('Download CSV');
    const failedRow = within(table).getAllByRole('row')[2]!;
    expect(within(failedRow).queryByRole('link')).toBeNull();
    expect(within(failedRow).getByText('None')).toBeTruthy();
  });
});

describe('Integration 2: settings', () => {
  it("labels the data format as the sync export's (Xero receives JSON) and says what Encryption does", async () => {
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting' && init.method === 'PUT')
        return { body: { ...settings(true), dataFormat: 'xml' } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    const format = screen.getByRole('combobox', { name: 'Format of the sync export' });
    expect(screen.getByText(/Xero always receives JSON through its API/)).toBeTruthy();
    expect(screen.getByText(/export encrypted at rest/)).toBeTruthy();
    await userEvent.selectOptions(format, 'xml');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      dataFormat: 'xml',
      encryption: true,
    });
  });
});

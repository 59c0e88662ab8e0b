import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../test/render.js';
import AccountingIntegrationPage from './AccountingIntegrationPage.js';

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

  it('shows a log that cannot load, and a sync the server refuses', async () => {
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting/sync-log')
        return { status: 503, body: { message: 'Service unavailable' } };
      if (url.pathname === '/api/integrations/accounting/sync' && init.method === 'POST')
        return { status: 409, body: { message: 'A sync is already running' } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings(true) };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await openSync();
    expect(await screen.findByText(/Service unavailable|The sync log could not be loaded/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start Sync' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Sync' })).toBeTruthy());
    expect(await screen.findByText('A sync is already running')).toBeTruthy();
  });
});

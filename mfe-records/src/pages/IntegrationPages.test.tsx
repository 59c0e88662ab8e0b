import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { answerApi, createSession, renderPage } from '../test/render.js';
import MailboxIntegrationPage from './MailboxIntegrationPage.js';
import AccountingIntegrationPage from './AccountingIntegrationPage.js';

const session = createSession({ user: { name: 'Ivy' } });
const mailbox = (connected: boolean) => ({
  connected,
  inboundAddress: 'fund-7f3a@in.dealflow.test',
  host: connected ? 'imap.gmail.com' : null,
  port: connected ? 993 : null,
  username: connected ? 'ivy@fund.example' : null,
  lastScanAt: null,
  settings: { folder: 'INBOX', autoScanMinutes: 15 },
});

describe('Integration 1 (mailbox)', () => {
  it('shows the inbound address, keeps Settings disabled until connected, and requires the app password', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/mailbox') return { body: mailbox(false) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect(await screen.findByText('fund-7f3a@in.dealflow.test')).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-disabled') ??
        String((screen.getByRole('tab', { name: 'Settings' }) as HTMLButtonElement).disabled),
    ).toBe('true');
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy@fund.example');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('API key is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('connects with host, port, username and app password', async () => {
    let connected = false;
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/mailbox' && init.method === 'POST') {
        connected = true;
        return { body: mailbox(true) };
      }
      if (url.pathname === '/api/integrations/mailbox') return { body: mailbox(connected) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    await screen.findByText('fund-7f3a@in.dealflow.test');
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy@fund.example');
    await userEvent.type(screen.getByLabelText(/App password/), 'abcd efgh ijkl mnop');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('button', { name: 'Disconnect' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
      username: 'ivy@fund.example',
      password: 'abcd efgh ijkl mnop',
    });
  });
});

describe('Integration 1 settings', () => {
  it('saves the folder and the auto-scan interval on the server', async () => {
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/mailbox/settings' && init.method === 'PATCH') {
        return { body: { ...mailbox(true), settings: { folder: 'Decks', autoScanMinutes: 60 } } };
      }
      if (url.pathname === '/api/integrations/mailbox') return { body: mailbox(true) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    const folder = screen.getByLabelText(/Folder/);
    await userEvent.clear(folder);
    await userEvent.type(folder, 'Decks');
    await userEvent.selectOptions(screen.getByLabelText('Auto-scan interval'), 'Every hour');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ folder: 'Decks', autoScanMinutes: 60 });
  });
});

describe('Integration 2 (accounting)', () => {
  const settings = {
    connected: false,
    clientId: null,
    environment: 'sandbox',
    advancedFeatures: false,
    dataFormat: 'json',
    syncFrequency: 'daily',
    encryption: true,
    autoSync: true,
    lastSyncAt: null,
  };

  it('requires both credentials and stores the connection on the server', async () => {
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting' && init.method === 'PUT')
        return { body: { ...settings, connected: true, clientId: 'client-1' } };
      if (url.pathname === '/api/integrations/accounting') return { body: settings };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Client ID and Client Secret are required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Client ID/), 'client-1');
    await userEvent.type(screen.getByLabelText(/Client Secret/), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      connected: true,
      clientId: 'client-1',
      clientSecret: 'secret-1',
      environment: 'sandbox',
      advancedFeatures: false,
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect((screen.getByRole('switch', { name: 'Encryption' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Automatic sync' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("Basic's two integrations", () => {
  const refusal = { status: 403, body: { message: UPGRADE_MESSAGES.integrationLimit } };

  it('shows the upgrade message and the way to the plans when Integration 1 is refused', async () => {
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/mailbox' && init.method === 'POST') return refusal;
      if (url.pathname === '/api/integrations/mailbox') return { body: mailbox(false) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    await screen.findByText('fund-7f3a@in.dealflow.test');
    await userEvent.type(screen.getByLabelText(/Username/), 'ivy@fund.example');
    await userEvent.type(screen.getByLabelText(/App password/), 'abcd efgh ijkl mnop');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(UPGRADE_MESSAGES.integrationLimit)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/billing');
  });

  it('shows it when Integration 2 is refused', async () => {
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === '/api/integrations/accounting' && init.method === 'PUT') return refusal;
      if (url.pathname === '/api/integrations/accounting')
        return {
          body: {
            connected: false,
            clientId: null,
            environment: 'sandbox',
            advancedFeatures: false,
            dataFormat: 'json',
            syncFrequency: 'daily',
            encryption: true,
            autoSync: true,
            lastSyncAt: null,
          },
        };
      return undefined;
    });
    renderPage(<AccountingIntegrationPage />);
    await userEvent.type(await screen.findByLabelText(/Client ID/), 'client-1');
    await userEvent.type(screen.getByLabelText(/Client Secret/), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(UPGRADE_MESSAGES.integrationLimit)).toBeTruthy();
    expect(screen.getByText('Integration limit reached')).toBeTruthy();
  });
});

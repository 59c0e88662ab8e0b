import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../test/render.js';
import MailboxIntegrationPage from './MailboxIntegrationPage.js';

const status = (over: object = {}) => ({
  connected: false,
  inboundAddress: 'fund-7f3a@in.dealflow.test',
  webhookSecretMasked: '••••6789',
  webhookPath: '/webhooks/mail',
  mailgunConfigured: false,
  host: null,
  port: null,
  username: null,
  lastScanAt: null,
  settings: { folder: 'INBOX', autoScanMinutes: 15 },
  ...over,
});

describe('Integration 1: inbound mail providers', () => {
  it('says mail does not arrive by itself, shows the webhook URL, and masks the secret until revealed', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox/webhook-secret/reveal')
        return { body: { webhookSecret: 'old-secret-0123456789' } };
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect(await screen.findByText(/Mail does not arrive at the inbound address by itself/)).toBeTruthy();
    expect(screen.getByTestId('webhook-url').textContent).toBe(`${window.location.origin}/webhooks/mail`);
    expect(screen.getByTestId('webhook-secret').textContent).toBe('••••6789');
    expect(screen.getByTestId('sendgrid-url').textContent).not.toContain('old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('old-secret-0123456789')).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toBe('old-secret-0123456789');
    expect(screen.getByTestId('sendgrid-url').textContent).toContain('://dealflow:old-secret-0123456789@');
    expect(screen.getByText(/POST the raw, full MIME message/)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Postmark' }));
    expect(screen.getByText(/Include raw email content/)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Amazon SES' }));
    expect(screen.getByText(/Publish to Amazon SNS topic/)).toBeTruthy();
    expect(screen.getByTestId('ses-url').textContent).toBe(
      `${window.location.origin.replace('://', '://dealflow:old-secret-0123456789@')}/webhooks/mail/ses?recipient=fund-7f3a%40in.dealflow.test`,
    );
    expect(screen.getByText(/bounces larger ones/)).toBeTruthy();
  });

  it('copies the secret once revealed', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox/webhook-secret/reveal')
        return { body: { webhookSecret: 'old-secret-0123456789' } };
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderPage(<MailboxIntegrationPage />);
    const copyButton = await screen.findByRole('button', { name: 'Copy webhook secret' });
    expect(copyButton.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    await screen.findByText('old-secret-0123456789');
    await user.click(screen.getByRole('button', { name: 'Copy webhook secret' }));
    expect(writeText).toHaveBeenCalledWith('old-secret-0123456789');
  });

  it('asks for the password when the reveal needs it, then reveals (issue 20)', async () => {
    let reauthenticated = false;
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/auth/reauthenticate' && init.method === 'POST') {
        reauthenticated = true;
        return { body: { success: true } };
      }
      if (url.pathname === '/api/integrations/mailbox/webhook-secret/reveal')
        return reauthenticated
          ? { body: { webhookSecret: 'old-secret-0123456789' } }
          : { status: 403, body: { message: 'Enter your password again to continue' } };
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<MailboxIntegrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Reveal' }));
    const prompt = within((await screen.findByText('Confirm it is you')).closest('[role="dialog"]')!);
    await user.type(prompt.getByLabelText(/Password/), 'correct horse');
    await user.click(prompt.getByRole('button', { name: 'Continue', hidden: true }));
    expect(await screen.findByText('old-secret-0123456789')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/reauthenticate')!.body).toEqual({
      password: 'correct horse',
    });
    expect(calls.filter((c) => c.path.endsWith('/reveal'))).toHaveLength(2);
  });

  // Why not findByRole('button', { name: 'Cancel' }): under load, Fluent's focus manager (tabster) can leave
  // aria-hidden="true" on the open dialog itself for seconds in jsdom (its modalizer activates on focus, which
  // jsdom delivers late), so a role query over accessible elements found nothing within its timeout and the
  // test read as "the dialog closes by itself". The dialog never closed (it stays open until Cancel). The test
  // finds the dialog from its text and its buttons within it, accessible or not; axe checks the real dialog
  // in the browser (e2e).
  it('rotates only after confirmation, then shows the new secret masked', async () => {
    let current = status();
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox/webhook-secret' && init.method === 'POST') {
        current = status({ webhookSecretMasked: '••••3210' });
        return { body: current };
      }
      if (url.pathname === '/api/integrations/mailbox') return { body: current };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    const dialog = async () =>
      within((await screen.findByText(/refused from now on/)).closest('[role="dialog"]')!);
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    await userEvent.click((await dialog()).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByText(/refused from now on/)).toBeNull(), { timeout: 5000 });
    expect(calls.some((c) => c.path.includes('webhook-secret'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    await userEvent.click((await dialog()).getByRole('button', { name: 'Rotate secret', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('webhook-secret').textContent).toBe('••••3210'), {
      timeout: 5000,
    });
    expect(calls.filter((c) => c.path.includes('webhook-secret') && c.method === 'POST')).toHaveLength(1);
  });

  it('stores the Mailgun signing key', async () => {
    let current = status();
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox/mailgun-key' && init.method === 'PUT') {
        current = status({ mailgunConfigured: true });
        return { body: current };
      }
      if (url.pathname === '/api/integrations/mailbox') return { body: current };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Mailgun' }));
    expect(screen.getByText('Not set')).toBeTruthy();
    // The route forwards with the secret as basic auth (checked before the body), to a URL ending in "mime".
    expect(screen.getByTestId('mailgun-url').textContent).toMatch(
      /^https?:\/\/dealflow:[^@]+@[^/]+\/webhooks\/mail\?format=mime$/,
    );
    await userEvent.type(screen.getByLabelText(/Mailgun signing key/), 'key-abcdef123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Stored')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ signingKey: 'key-abcdef123456' });
  });

  it('shows members no secret and no rotate', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me')
        return { body: createSession({ user: { name: 'Mo', role: 'member' } }) };
      if (url.pathname === '/api/integrations/mailbox')
        return { body: status({ webhookSecretMasked: null }) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect(
      await screen.findByText(/Only the organization owner can see and rotate the webhook secret/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate' })).toBeNull();
  });
});

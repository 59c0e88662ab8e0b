import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { createMailboxStatus } from '../test/records.js';
import MailboxIntegrationPage from './MailboxIntegrationPage.js';

const status = createMailboxStatus;

describe('Integration 1: the inbound address (issue 22)', () => {
  it('shows the address and how to forward from Gmail, Outlook and a provider', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect((await screen.findByTestId('inbound-address')).textContent).toBe(
      'fund-7f3a9b2c1d0e@in.dealflow.test',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Forward from Gmail' }));
    expect((await screen.findByTestId('help-gmail')).textContent).toContain('Add a forwarding address');
    fireEvent.click(screen.getByRole('button', { name: 'Forward from Outlook or Microsoft 365' }));
    expect((await screen.findByTestId('help-outlook')).textContent).toContain('Forwarding');
    fireEvent.click(screen.getByRole('button', { name: /another provider/ }));
    expect(await screen.findByTestId('help-provider')).toBeTruthy();
    expect(screen.queryByTestId('previous-address')).toBeNull();
  });

  it('the owner gets a new address after confirming; the old one is shown with its end of grace', async () => {
    let rotated = false;
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox/inbound-address' && init?.method === 'POST') {
        rotated = true;
        return {
          body: status({
            inboundAddress: 'fund-0a1b2c3d4e5f@in.dealflow.test',
            previousInboundAddress: 'fund-7f3a9b2c1d0e@in.dealflow.test',
            previousInboundUntil: '2026-12-05T09:00:00.000Z',
          }),
        };
      }
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Get a new address' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('keeps receiving for 7 days');
    expect(rotated).toBe(false);
    const confirm = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Get a new address',
    )!;
    fireEvent.click(confirm);
    await waitFor(
      () =>
        expect(screen.getByTestId('inbound-address').textContent).toBe('fund-0a1b2c3d4e5f@in.dealflow.test'),
      {
        timeout: 10_000,
      },
    );
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/integrations/mailbox/inbound-address'),
    ).toBe(true);
    expect(screen.getByTestId('previous-address').textContent).toContain(
      'fund-7f3a9b2c1d0e@in.dealflow.test',
    );
  });

  it('a member sees the address but no rotation', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me')
        return { body: createSession({ user: { name: 'Max', role: 'member' } }) };
      if (url.pathname === '/api/integrations/mailbox') return { body: status() };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect(await screen.findByTestId('inbound-address')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get a new address' })).toBeNull();
  });
});

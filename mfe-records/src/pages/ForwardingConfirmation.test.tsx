import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { answerApi, createSession, renderPage } from '../test/render.js';
import MailboxIntegrationPage from './MailboxIntegrationPage.js';

const LINK =
  'https://mail-settings.google.com/mail/vf-%5BANGjdJ9Kq3bV1xT0pXyZ7mLw2s4RfGh8uEo5nCiA%5D-Hs2yZr8wQk1mT4vB9pL';
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

describe('Integration 1: Gmail forwarding confirmation (issue 22)', () => {
  it('shows the owner the confirmation code and Gmail’s link to confirm', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox')
        return {
          body: status({
            forwardingConfirmation: {
              code: '618395527',
              link: LINK,
              forwarder: 'jane.investor@gmail.com',
              receivedAt: '2026-11-28T06:40:12.000Z',
            },
          }),
        };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    const banner = await screen.findByTestId('forwarding-confirmation');
    expect(banner.textContent).toContain('jane.investor@gmail.com');
    expect(screen.getByTestId('forwarding-code').textContent).toBe('618395527');
    const link = screen.getByRole('link', { name: /Confirm forwarding in Gmail/ });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows nothing when no confirmation came', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/integrations/mailbox')
        return { body: status({ forwardingConfirmation: null }) };
      return undefined;
    });
    renderPage(<MailboxIntegrationPage />);
    expect(await screen.findByTestId('inbound-address')).toBeTruthy();
    expect(screen.queryByTestId('forwarding-confirmation')).toBeNull();
  });
});

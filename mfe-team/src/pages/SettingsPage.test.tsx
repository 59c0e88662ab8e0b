import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import SettingsPage from './SettingsPage.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

function serve() {
  return answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/user/profile') return { body: createSession().user };
    if (url.pathname === '/api/settings/notifications')
      return {
        body: {
          emailOnDeckProcessed: true,
          emailOnDealCreated: true,
          weeklyDigest: false,
          emailOnMention: true,
        },
      };
    if (url.pathname === '/api/account/email')
      return {
        body: {
          email: 'ivy@fund.example',
          verified: false,
          verifiedAt: null,
          pendingEmail: null,
          pendingExpiresAt: null,
        },
      };
    if (url.pathname === '/api/account/sessions') return { body: { sessions: [] } };
    return undefined;
  });
}

describe('SettingsPage', () => {
  it('edits the name only in Profile (the email has its own section) and shows Verified / Not verified', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage(<SettingsPage />, { path: '/settings' });
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByRole('region', { name: 'Email address' })).toBeTruthy();
    expect((await screen.findByTestId('email-verified-badge')).textContent).toBe('Not verified');
    await user.clear(name);
    await user.type(name, 'Ivy Renamed');
    await user.click(buttonNamed('Save Profile'));
    await expect
      .poll(() => calls.find((c) => c.path === '/api/user/profile')?.body)
      .toEqual({
        name: 'Ivy Renamed',
      });
  });

  it('lists your sessions in Security', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(<SettingsPage />, { path: '/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(await screen.findByRole('region', { name: 'Your sessions' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Change Password' })).toBeTruthy();
  });
});

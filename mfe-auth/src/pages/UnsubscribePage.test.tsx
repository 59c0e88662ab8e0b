import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UnsubscribePage, { UnsubscribeMessages } from './UnsubscribePage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

const signedOut = (url: URL) =>
  url.pathname === '/api/auth/me' ? { status: 401, body: { message: 'Not authenticated' } } : undefined;

describe('UnsubscribePage', () => {
  it('changes nothing on opening; the button turns the emailed setting off and says so', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/settings/notifications/unsubscribe')
        return {
          body: {
            kind: 'weeklyDigest',
            email: 'ada@example.com',
            message:
              'You will no longer receive the weekly digest at ada@example.com. You can turn them back on in Settings.',
          },
        };
      return signedOut(url);
    });
    renderPage(<UnsubscribePage />, { path: '/unsubscribe?token=12.w.abc', signedOut: true });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(calls.some((c) => c.path.startsWith('/api/settings'))).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByText(/no longer receive the weekly digest at ada@example.com/)).toBeTruthy();
    const call = calls.find((c) => c.path.startsWith('/api/settings/notifications/unsubscribe'));
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/settings/notifications/unsubscribe?token=12.w.abc',
    });
  });

  it("shows the server's message for a bad link and keeps the button to try again", async () => {
    answerApi((url) => {
      if (url.pathname === '/api/settings/notifications/unsubscribe')
        return {
          status: 400,
          body: { message: 'This unsubscribe link is invalid. You can change your emails in Settings.' },
        };
      return signedOut(url);
    });
    renderPage(<UnsubscribePage />, { path: '/unsubscribe?token=forged', signedOut: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('This unsubscribe link is invalid. You can change your emails in Settings.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it('explains a link without a token', async () => {
    answerApi(signedOut);
    renderPage(<UnsubscribePage />, { path: '/unsubscribe', signedOut: true });
    expect(await screen.findByText(UnsubscribeMessages.noToken)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Settings' })).toBeTruthy();
  });
});

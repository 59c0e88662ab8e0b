import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage, { RESET_LINK_SENT } from './ForgotPasswordPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

describe('ForgotPasswordPage', () => {
  // Rendered as the shell renders public-only pages: without a query client.
  it('sends the reset request and shows the same answer whether or not the account exists', async () => {
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
      if (url.pathname === '/api/auth/forgot-password') return { body: { success: true } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(RESET_LINK_SENT)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('says what is wrong with the email before sending anything', async () => {
    const calls = answerApi(() => undefined);
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/forgot-password')).toBe(false);
  });
});

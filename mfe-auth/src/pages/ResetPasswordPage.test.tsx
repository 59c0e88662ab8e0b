import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import ResetPasswordPage from './ResetPasswordPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Where the in-app router went (the page navigates to /login with it). */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The page on a reset link, the reset answered with `signedIn`; location.assign stubbed. */
async function resetWith(signedIn: boolean) {
  const calls = answerApi((url) => {
    if (url.pathname === '/api/auth/reset-password')
      return { body: { success: true, message: 'Your password has been reset.', signedIn } };
    return undefined;
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const user = userEvent.setup();
  renderPage(
    <>
      <ResetPasswordPage />
      <Where />
    </>,
    { path: '/reset-password?token=abc', signedOut: true },
  );
  await user.type(screen.getByLabelText(/^New password/), 'a fine new password');
  await user.type(screen.getByLabelText(/Confirm new password/), 'a fine new password');
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  return { assign, calls };
}

describe('ResetPasswordPage', () => {
  it("goes to the dashboard when the reset kept this browser's session (signed in and verified)", async () => {
    const { assign, calls } = await resetWith(true);
    expect(await screen.findByText(/Taking you to your dashboard/)).toBeTruthy();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'), { timeout: 5000 });
    expect(screen.getByTestId('where').textContent).toBe('/reset-password');
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'abc',
      password: 'a fine new password',
    });
  });

  it('goes to /login when this browser is not signed in to the account', async () => {
    const { assign } = await resetWith(false);
    expect(await screen.findByText(/Taking you to the login page/)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'), {
      timeout: 5000,
    });
    expect(assign).not.toHaveBeenCalled();
  });
});

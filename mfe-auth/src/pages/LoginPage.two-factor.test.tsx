import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import LoginPage from './LoginPage.js';
import TwoFactorChallenge from '../components/TwoFactorChallenge.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

const signedOut = (verify?: (body: Record<string, string>) => { status?: number; body: unknown }) =>
  answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
    if (url.pathname === '/api/config')
      return { body: { supportEmail: 'help@example.com', googleSignInEnabled: false } };
    if (url.pathname === '/api/auth/login') return { status: 202, body: { twoFactorRequired: true } };
    if (url.pathname === '/api/auth/two-factor' && verify)
      return verify(JSON.parse(String(init.body)) as Record<string, string>);
    return undefined;
  });

describe('sign-in with two-factor', () => {
  it('asks for the code after a password that needs one (no redirect before it)', async () => {
    signedOut();
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByLabelText(/Authentication code/)).toBeTruthy();
  });

  it('opens on the code step after Google (step=two-factor)', async () => {
    signedOut();
    renderPage(<LoginPage />, { path: '/login?step=two-factor', signedOut: true });
    expect(await screen.findByLabelText(/Authentication code/)).toBeTruthy();
  });

  it('checks the format, shows a wrong code, and signs in with the right one', async () => {
    const calls = signedOut(({ code }) =>
      code === '123456'
        ? { body: createSession() }
        : { status: 401, body: { message: 'Invalid code. Please try again.' } },
    );
    const redirect = vi.fn();
    const user = userEvent.setup();
    renderPage(<TwoFactorChallenge onRestart={() => undefined} redirect={redirect} />, { signedOut: true });
    await user.type(screen.getByLabelText(/Authentication code/), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/two-factor')).toBe(false);

    await user.clear(screen.getByLabelText(/Authentication code/));
    await user.type(screen.getByLabelText(/Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Authentication code/));
    await user.type(screen.getByLabelText(/Authentication code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect.poll(() => redirect.mock.calls[0]?.[0]).toBe('/dashboard');
    expect(calls.filter((c) => c.path === '/api/auth/two-factor').at(-1)?.body).toEqual({ code: '123456' });
  });

  it('takes a recovery code instead, and offers a new sign-in once the challenge is over', async () => {
    const calls = signedOut(() => ({
      status: 401,
      body: { message: 'Your sign-in has expired. Please sign in again.' },
    }));
    const onRestart = vi.fn();
    const user = userEvent.setup();
    renderPage(<TwoFactorChallenge onRestart={onRestart} redirect={() => undefined} />, { signedOut: true });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Your sign-in has expired/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/two-factor')?.body).toEqual({
      recoveryCode: 'abcde-12345',
    });
    const restart = screen.getAllByRole('button', { name: 'Back to sign in' });
    await user.click(restart[0] as HTMLElement);
    expect(onRestart).toHaveBeenCalled();
  });
});

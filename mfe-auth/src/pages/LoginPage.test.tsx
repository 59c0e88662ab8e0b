import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

const signedOut = (googleSignInEnabled = false, login?: { status: number; body: unknown }) =>
  answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
    if (url.pathname === '/api/config')
      return { body: { supportEmail: 'help@example.com', googleSignInEnabled } };
    if (url.pathname === '/api/auth/login' && login) return login;
    return undefined;
  });

describe('LoginPage', () => {
  it('shows the seed messages on submit and clears them as the input becomes valid', async () => {
    signedOut();
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy();
    // revalidate on change
    await user.type(screen.getByLabelText(/Password/), 'longer!');
    await expect.poll(() => screen.queryByText('Password must be at least 8 characters.')).toBeNull();
  });

  it('focuses the first invalid field and sends nothing while the form is invalid', async () => {
    const calls = signedOut();
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.type(screen.getByLabelText(/Password/), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
    expect(screen.queryByText('Password must be at least 8 characters.')).toBeNull();
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it("shows the server's message inline when the login is refused", async () => {
    const calls = signedOut(false, { status: 401, body: { message: 'Invalid email or password' } });
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong-password',
    });
  });

  it('shows the Google button only when /api/config enables it', async () => {
    signedOut(true);
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    cleanup();
    signedOut(false);
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('switches to the registration form with its own rules', async () => {
    signedOut();
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Organization name must be at least 2 characters')).toBeTruthy();
  });
});

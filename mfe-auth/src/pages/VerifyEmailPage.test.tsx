import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createSession } from '@dealflow/web-kit/testing';
import { useAuth } from '@dealflow/web-kit';
import VerifyEmailPage, { VerifyTexts } from './VerifyEmailPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

const TOKEN = 'A'.repeat(43);

/** What the rest of the app (the banner, Settings) reads from the auth context. */
function VerifiedProbe() {
  const { user } = useAuth();
  return <p data-testid="probe">{user ? String(user.emailVerified) : 'none'}</p>;
}

describe('VerifyEmailPage', () => {
  it('posts the token once, says the address is verified and refreshes the signed-in user', async () => {
    let verified = false;
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') {
        const session = createSession();
        return { body: { ...session, user: { ...session.user, emailVerified: verified } } };
      }
      if (url.pathname === '/api/account/email/confirm') {
        verified = true;
        return {
          body: { outcome: 'verified', email: 'ada@example.com', message: 'Your email address is verified.' },
        };
      }
      return undefined;
    });
    renderPage(
      <>
        <VerifyEmailPage />
        <VerifiedProbe />
      </>,
      { path: `/verify-email?token=${TOKEN}` },
    );
    expect(await screen.findByRole('heading', { name: VerifyTexts.verifiedTitle })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your email address is verified.');
    expect(calls.filter((c) => c.path === '/api/account/email/confirm')).toEqual([
      { method: 'POST', path: '/api/account/email/confirm', body: { token: TOKEN } },
    ]);
    // The user is read again after the link was used: the banner goes at once.
    await expect.poll(() => screen.getByTestId('probe').textContent).toBe('true');
  });

  it('says the email changed, for the link of an email change, signed out', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
      if (url.pathname === '/api/account/email/confirm')
        return {
          body: {
            outcome: 'changed',
            email: 'new@example.com',
            message: 'Your email address has been changed. Use it to sign in from now on.',
          },
        };
      return undefined;
    });
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}`, signedOut: true });
    expect(await screen.findByRole('heading', { name: VerifyTexts.changedTitle })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Go to Login' })).toBeTruthy();
  });

  it.each([
    [404, VerifyTexts.notFound],
    [410, VerifyTexts.expired],
    [409, VerifyTexts.taken],
  ])('explains a %i answer', async (status, text) => {
    answerApi((url) => {
      if (url.pathname === '/api/account/email/confirm') return { status, body: { message: 'x' } };
      if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
      return undefined;
    });
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}`, signedOut: true });
    expect(await screen.findByRole('heading', { name: VerifyTexts.problemTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('sends nothing without a token', async () => {
    const calls = answerApi(() => undefined);
    renderPage(<VerifyEmailPage />, { path: '/verify-email', signedOut: true });
    expect(screen.getByRole('alert').textContent).toBe(VerifyTexts.noToken);
    expect(calls.some((c) => c.path.startsWith('/api/account'))).toBe(false);
  });
});

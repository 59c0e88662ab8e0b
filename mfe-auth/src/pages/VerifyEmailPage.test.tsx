import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import { useAuth } from '@dealflow/web-kit';
import { readPendingCheckout, rememberPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import VerifyEmailPage, { VerifyTexts } from './VerifyEmailPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

const TOKEN = 'A'.repeat(43);

/** What the rest of the app (the banner, Settings) reads from the auth context. */
function VerifiedProbe() {
  const { user } = useAuth();
  return <p data-testid="probe">{user ? String(user.emailVerified) : 'none'}</p>;
}

/** A verification link followed by a signed-in user; `checkout` answers POST /api/stripe/checkout. */
function verifyingUser(checkout: () => { status?: number; body: unknown }) {
  let verified = false;
  return answerApi((url) => {
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
    if (url.pathname === '/api/stripe/checkout') return checkout();
    return undefined;
  });
}

describe('VerifyEmailPage: the checkout chosen before verifying (issue 15)', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('offers to continue to checkout for the remembered plan: one click starts it', async () => {
    rememberPendingCheckout({ kind: 'plan', plan: 'pro', billingCycle: 'annual' });
    const calls = verifyingUser(() => ({
      body: { url: 'http://localhost:3000/pay/checkout/cs_local_9', sessionId: 'cs_local_9' },
    }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByText('You chose Pro (annual) before verifying.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: VerifyTexts.continueButton }));
    await expect.poll(() => assign.mock.calls[0]?.[0]).toBe('http://localhost:3000/pay/checkout/cs_local_9');
    expect(calls.find((c) => c.path === '/api/stripe/checkout')!.body).toEqual({
      plan: 'pro',
      billingCycle: 'annual',
    });
    expect(readPendingCheckout()).toBeNull();
  });

  it('says so when the checkout cannot start, keeps the choice, and offers nothing without one', async () => {
    rememberPendingCheckout({ kind: 'licence' });
    verifyingUser(() => ({ status: 409, body: { message: 'The organization already has a subscription' } }));
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByText('You chose the Standard License before verifying.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: VerifyTexts.continueButton }));
    expect((await screen.findByRole('alert')).textContent).toContain('already has a subscription');
    expect(readPendingCheckout()).toEqual({ kind: 'licence' });
    cleanup();

    window.localStorage.clear();
    verifyingUser(() => ({ body: {} }));
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: VerifyTexts.verifiedTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: VerifyTexts.continueButton })).toBeNull();
  });
});

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

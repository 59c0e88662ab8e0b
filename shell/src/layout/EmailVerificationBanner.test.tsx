import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import AppLayout from './AppLayout';
import { BannerTexts } from './EmailVerificationBanner';
import { renderApp, sessionFor, stubApi, type TCall } from '../test/render';

beforeEach(() =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unverified = () => {
  const session = sessionFor('owner');
  return { ...session, user: { ...session.user, emailVerified: false } };
};

function api(
  session: unknown,
  resend: [number, unknown] = [
    200,
    { success: true, message: 'We sent a new verification link. It works for 1 hour.' },
  ],
) {
  return stubApi((call: TCall) => {
    if (call.url === '/api/config')
      return [200, { supportEmail: 'help@acme.vc', googleSignInEnabled: false }];
    if (call.url === '/api/account/email/verification') return resend;
    return [200, session];
  });
}

describe('EmailVerificationBanner (in the signed-in layout)', () => {
  it('tells an unverified user what is held back, on every signed-in screen', async () => {
    api(unverified());
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    expect(await screen.findByText(BannerTexts.title)).toBeTruthy();
    expect(
      screen.getByText(
        /We sent a link to ada@acme\.vc\. Until you follow it you cannot invite members or buy\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: BannerTexts.resend })).toBeTruthy();
  });

  it('is absent for a verified user', async () => {
    api(sessionFor('owner'));
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    expect(await screen.findByText('Ada Founder')).toBeTruthy();
    expect(screen.queryByTestId('email-verification-banner')).toBeNull();
  });

  it('Resend posts through the typed client and says the link was sent', async () => {
    const calls = api(unverified());
    renderApp(<AppLayout>content</AppLayout>, { route: '/settings' });
    fireEvent.click(await screen.findByRole('button', { name: BannerTexts.resend }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent a new verification link. It works for 1 hour.',
    );
    expect(
      calls.filter((c) => c.url === '/api/account/email/verification' && c.method === 'POST'),
    ).toHaveLength(1);
  });

  it('shows the rate limit answer as an alert, and the button works again', async () => {
    api(unverified(), [429, { message: 'Too many emails requested. Please try again in an hour.' }]);
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: BannerTexts.resend }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many emails requested. Please try again in an hour.',
    );
    expect(screen.getByRole('button', { name: BannerTexts.resend }).hasAttribute('disabled')).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import NotFoundPage from './NotFoundPage';
import TermsPage from './TermsPage';
import PrivacyPage from './PrivacyPage';
import LandingPage from '../landing/LandingPage';
import { renderApp, sessionFor, stubApi } from '../test/render';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shell pages', () => {
  it('404 says what the seed says', () => {
    stubApi(() => [401, {}]);
    renderApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('Terms of Service has every section, the date and a Back to Home link', () => {
    stubApi(() => [401, {}]);
    renderApp(<TermsPage />);
    expect(screen.getByText('Last updated: April 28, 2025')).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Introduction',
      '2. Services',
      '3. License',
      '4. Payment',
      '5. Intellectual Property',
      '6. Limitation of Liability',
      '7. Updates',
      '8. Termination',
      '9. Governing Law',
      '10. Contact',
    ]);
    expect(screen.getByText(/Delaware/, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });

  it('Terms and Privacy give the support address configured on the server (GET /api/config)', async () => {
    for (const Page of [TermsPage, PrivacyPage]) {
      stubApi((call) =>
        call.url === '/api/config'
          ? [200, { supportEmail: 'help@acme.vc', googleSignInEnabled: false }]
          : [401, {}],
      );
      renderApp(<Page />);
      const link = await screen.findByRole('link', { name: 'help@acme.vc' });
      expect(link.getAttribute('href')).toBe('mailto:help@acme.vc');
      cleanup();
    }
  });

  it('Privacy Policy has every section and the under-16 rule', () => {
    stubApi(() => [401, {}]);
    renderApp(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(9);
    expect(screen.getByText(/children under 16/)).toBeTruthy();
    expect(screen.getByText(/do not sell your personal data/)).toBeTruthy();
  });

  it('landing page: signed out shows Login and Buy Now - $50, with prices from the plan table', async () => {
    stubApi(() => [401, { message: 'no' }]);
    renderApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: 'Login' })).toHaveLength(2); // header and footer
    expect((await screen.findAllByRole('button', { name: 'Buy Now - $50' })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Purchase Now' })).toHaveLength(1);
    expect(screen.getByText('$40')).toBeTruthy(); // Pro annual shown per month
    expect(screen.getByText('Popular')).toBeTruthy();
    for (const name of ['Terms of Service', 'Privacy Policy'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getAllByRole('figure').length).toBeGreaterThanOrEqual(3); // video + 2 testimonials
  });

  it('landing page: "Start 7-Day Free Trial" opens registration when signed out, billing when signed in', async () => {
    stubApi(() => [401, { message: 'no' }]);
    renderApp(<LandingPage />);
    await screen.findAllByRole('link', { name: 'Login' });
    const trials = screen.getAllByRole('link', { name: 'Start 7-Day Free Trial' });
    expect(trials).toHaveLength(2); // Basic and Pro
    for (const link of trials) expect(link.getAttribute('href')).toBe('/login?mode=register');
    // Or, without registering, a guest checkout of that plan (issue 14); signed in, there is none.
    expect(screen.getByRole('button', { name: 'Start Basic as a guest' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Pro as a guest' })).toBeTruthy();
    cleanup();

    // Signed in: a page the gateway served with the session cookie carries its readable hint (the 401 above
    // cleared it).
    document.cookie = 'df_session_present=1; path=/';
    stubApi(() => [200, sessionFor()]);
    renderApp(<LandingPage />);
    await screen.findByRole('link', { name: 'Dashboard' }, { timeout: 8000 });
    for (const link of screen.getAllByRole('link', { name: 'Start 7-Day Free Trial' }))
      expect(link.getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: /as a guest/ })).toBeNull();
  });

  it('landing page: signed in shows Dashboard and Go to Dashboard', async () => {
    stubApi(() => [200, sessionFor()]);
    renderApp(<LandingPage />);
    expect(await screen.findByRole('link', { name: 'Dashboard' }, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Go to Dashboard' })).toBeTruthy();
  });
});

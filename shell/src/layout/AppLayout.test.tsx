import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import AppLayout from './AppLayout';
import { FALLBACK_SUPPORT_EMAIL } from './use-support-email';
import { renderApp, sessionFor, stubApi } from '../test/render';

function setViewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('767px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => setViewport(false));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const api = (
  role: 'owner' | 'member',
  config: [number, unknown] = [200, { supportEmail: 'help@acme.vc', googleSignInEnabled: false }],
) => stubApi((call) => (call.url === '/api/config' ? config : [200, sessionFor(role)]));

describe('AppLayout', () => {
  it('shows the company badge and name, the sections, the user footer and the page title', async () => {
    api('owner');
    renderApp(<AppLayout>content</AppLayout>, { route: '/processed-emails' });
    expect(await screen.findByText('acme Ventures')).toBeTruthy();
    expect(screen.getByText('A')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('heading', { name: 'Main' })).toBeTruthy();
    expect(within(nav).getByRole('heading', { name: 'Account' })).toBeTruthy();
    for (const label of [
      'Dashboard',
      'Processed Records',
      'Deals',
      'Integration 1',
      'Integration 2',
      'Analytics',
      'Team Members',
      'Billing',
      'Activity',
      'Settings',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Processed Records' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText('Ada Founder')).toBeTruthy();
    expect(screen.getByText('ada@acme.vc')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Processed Records');
    // Help is a menu: the support form, and the support address (mailto).
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('menuitem', { name: 'Contact support' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /^Email / }).getAttribute('href')).toBe(
        'mailto:help@acme.vc',
      ),
    );
  });

  it('Help > Contact support opens the support page', async () => {
    api('member');
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Contact support' }));
    await vi.waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Contact support'));
  });

  it('shows the two-factor enrolment screen instead of the page while the organization requires it', async () => {
    stubApi((call) =>
      call.url === '/api/config'
        ? [200, { supportEmail: 'help@acme.vc', googleSignInEnabled: false }]
        : [200, { ...sessionFor('member'), twoFactorEnrolmentRequired: true }],
    );
    renderApp(<AppLayout>page content</AppLayout>, { route: '/dashboard' });
    expect(await screen.findByText('Ada Founder')).toBeTruthy();
    await expect.poll(() => screen.queryByText('page content')).toBeNull();
    // mfe-team's enrolment screen is what it loads instead (no remote is served in jsdom: its error panel).
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('hides Team Members, Billing and Activity from members', async () => {
    api('member');
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await screen.findByText('Ada Founder');
    expect(within(nav).queryByRole('link', { name: 'Team Members' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Activity' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('uses the placeholder support address when /api/config fails', async () => {
    api('owner', [500, { message: 'Internal server error' }]);
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    await screen.findByText('Ada Founder');
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /^Email / }).getAttribute('href')).toBe(
        `mailto:${FALLBACK_SUPPORT_EMAIL}`,
      ),
    );
  });

  it('collapses to icons on desktop with the toggle', async () => {
    api('owner');
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    await screen.findByText('acme Ventures');
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).getAttribute('data-state')).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).getAttribute('data-state')).toBe(
      'collapsed',
    );
    expect(screen.queryByText('acme Ventures')).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('starts collapsed under 768 px and opens from the mobile menu button', async () => {
    setViewport(true);
    api('owner');
    renderApp(<AppLayout>content</AppLayout>, { route: '/dashboard' });
    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.getByLabelText('Sidebar', { selector: 'aside' }).getAttribute('data-state')).toBe(
      'collapsed',
    );
    fireEvent.click(toggle);
    expect(screen.getByLabelText('Sidebar', { selector: 'aside' }).getAttribute('data-state')).toBe('open');
  });
});

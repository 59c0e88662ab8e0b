import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import GoogleCallbackPage from './GoogleCallbackPage.js';
import { answerApi, renderPage } from '../test/render.js';

const user = {
  id: 7,
  name: 'Goo Gle',
  email: 'goo@example.com',
  role: 'owner',
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 7,
  plan: 'pro',
  billingCycle: 'annual',
  subscriptionStatus: 'trialing',
  subscriptionQuantity: 1,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GoogleCallbackPage', () => {
  it('reads who signed in from GET /api/auth/me (the cookie svc-identity set), not from the URL', async () => {
    const calls = answerApi((url) =>
      url.pathname === '/api/auth/me' ? { body: { user, organization } } : undefined,
    );
    renderPage(<GoogleCallbackPage />, { path: '/auth/google/callback' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'), { timeout: 5000 });
    expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true);
    expect(localStorage.length).toBe(0);
  });

  it('returns to the page that asked for a fresh sign-in (?returnTo=, a path of this site only)', async () => {
    answerApi((url) => (url.pathname === '/api/auth/me' ? { body: { user, organization } } : undefined));
    renderPage(<GoogleCallbackPage />, {
      path: `/auth/google/callback?returnTo=${encodeURIComponent('/settings?tab=security')}`,
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/settings?tab=security'), { timeout: 5000 });
    cleanup();
    assign.mockClear();
    renderPage(<GoogleCallbackPage />, {
      path: `/auth/google/callback?returnTo=${encodeURIComponent('//evil.example/x')}`,
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'), { timeout: 5000 });
  });

  it('goes to organization setup when the account has no organization yet', async () => {
    answerApi((url) =>
      url.pathname === '/api/auth/me'
        ? { body: { user: { ...user, organizationId: null }, organization: null } }
        : undefined,
    );
    renderPage(<GoogleCallbackPage />, { path: '/auth/google/callback' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/organization-setup'), { timeout: 5000 });
  });

  it("shows 'Authentication Error' with identity's message and returns to /login", async () => {
    answerApi((url) =>
      url.pathname === '/api/auth/me' ? { status: 401, body: { message: 'Not authenticated' } } : undefined,
    );
    renderPage(<GoogleCallbackPage />, {
      path: `/auth/google/callback?error=${encodeURIComponent('Google sign-in was cancelled.')}`,
    });
    expect(await screen.findByText('Authentication Error')).toBeTruthy();
    expect(screen.getAllByText('Google sign-in was cancelled.').length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'), { timeout: 5000 });
  });
});

// Test helpers for pages rendered outside the shell (vitest + jsdom): `@dealflow/web-kit/testing`. Never bundled.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider } from '../auth/AuthProvider.js';
import { linkQueryCache } from '../auth/session-store.js';
import { resetPublicConfig } from '../api/public-config.js';
import { QueryProvider, createQueryClient } from '../query/index.js';
import { vi } from 'vitest';
import type { TOrganization, TSession, TUser } from '@dealflow/contracts';

/**
 * A session as GET /api/auth/me answers it, valid against ZSession (the typed client checks answers in tests):
 * override what the test is about. `organization: null` for a user without one.
 */
export function createSession(
  overrides: { user?: Partial<TUser>; organization?: Partial<TOrganization> | null } = {},
): TSession {
  const user: TUser = {
    id: 1,
    name: 'Ivy Investor',
    email: 'ivy@fund.example',
    role: 'owner',
    profilePicture: null,
    organizationId: 1,
    digitalProductAccess: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides.user,
  };
  const organization: TOrganization | null =
    overrides.organization === null
      ? null
      : {
          id: user.organizationId ?? 1,
          name: 'Fund',
          ownerId: user.id,
          plan: 'pro',
          billingCycle: 'annual',
          subscriptionStatus: 'active',
          subscriptionQuantity: 1,
          stripeCustomerId: null,
          stripeSubscriptionId: null,
          trialEndsAt: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          ...overrides.organization,
        };
  return { user, organization };
}

/** Forget web-kit's cached GET /api/config answer (answerApi does it; for tests that stub fetch themselves). */
export { resetPublicConfig };

type TRoute = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

/**
 * The browser's fetch answered by `route` (the HTTP boundary of a page under test; svc-identity itself is
 * exercised by the Playwright specs). Unrouted calls answer 404. Returns the requests it saw.
 */
export function answerApi(route: TRoute) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  resetPublicConfig();
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
    const answer = route(url, init) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/**
 * Render a page with the providers the shell gives it: a fresh query cache (linked to the auth context, as
 * the shell's is), or none with `signedOut` (the shell renders /login and /forgot-password without one).
 */
export function renderPage(
  page: ReactElement,
  { path = '/', signedOut = false }: { path?: string; signedOut?: boolean } = {},
) {
  const routed = <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>;
  let content = routed;
  if (!signedOut) {
    const client = createQueryClient();
    linkQueryCache(client);
    content = <QueryProvider client={client}>{routed}</QueryProvider>;
  }
  return render(
    <FluentProvider theme={webLightTheme}>
      <AuthProvider redirect={() => undefined}>{content}</AuthProvider>
    </FluentProvider>,
  );
}

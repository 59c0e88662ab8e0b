import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider } from '@dealflow/web-kit';
import { resetPublicConfig } from '@dealflow/web-kit/testing';
import { vi } from 'vitest';

export interface TCall {
  url: string;
  method: string;
  body?: string;
}

/** Replace fetch with a responder (path -> [status, body]); returns the calls made. */
export function stubApi(responder: (call: TCall) => [number, unknown] | Promise<[number, unknown]>): TCall[] {
  const calls: TCall[] = [];
  resetPublicConfig();
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { url: String(input), method: init.method ?? 'GET', body: init.body as string | undefined };
    calls.push(call);
    const [status, body] = await responder(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export function renderApp(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <AuthProvider redirect={() => undefined}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AuthProvider>
    </FluentProvider>,
  );
}

export const sessionFor = (role: 'owner' | 'member' = 'owner') => ({
  sessionId: 'sess',
  user: {
    id: 1,
    name: 'Ada Founder',
    email: 'ada@acme.vc',
    role,
    profilePicture: null,
    organizationId: 1,
    digitalProductAccess: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
  organization: {
    id: 1,
    name: 'acme Ventures',
    ownerId: 1,
    plan: 'pro',
    billingCycle: 'annual',
    subscriptionStatus: 'trialing',
    subscriptionQuantity: 1,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    trialEndsAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import type * as QueryModule from '@dealflow/web-kit/query';
import { AppRoutes } from './AppRoutes';
import { renderApp, sessionFor, stubApi } from '../test/render';

const pages: Record<string, () => JSX.Element> = {
  'mfe_auth/LoginPage': () => <p>login page</p>,
  // A signed-in page reads react-query's client: it throws without the provider.
  'mfe_records/DashboardPage': function Dashboard() {
    useQueryClient();
    return <p>dashboard page</p>;
  },
};
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string) => ({ default: pages[id] ?? (() => <p>{id}</p>) }),
}));

// The shell imports the provider lazily (React.lazy), so a route that never renders it never downloads
// react-query. Count its renders.
const queryProvider = vi.hoisted(() => ({ renders: 0 }));
vi.mock('@dealflow/web-kit/query', async (importOriginal) => {
  const real = await importOriginal<typeof QueryModule>();
  function CountingQueryProvider(props: Parameters<typeof real.QueryProvider>[0]) {
    queryProvider.renders += 1;
    return real.QueryProvider(props);
  }
  return { ...real, default: CountingQueryProvider };
});

beforeEach(() => {
  queryProvider.renders = 0;
  // The signed-in layout asks whether the viewport is a phone's.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppRoutes and react-query', () => {
  it('renders /login for a visitor without loading react-query', async () => {
    stubApi(() => [401, { message: 'Not authenticated' }]);
    renderApp(<AppRoutes />, { route: '/login' });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(queryProvider.renders).toBe(0);
  });

  it('provides the query client to the signed-in pages', async () => {
    stubApi((call) =>
      call.url === '/api/config'
        ? [200, { supportEmail: 'help@acme.vc', googleSignInEnabled: false }]
        : [200, sessionFor()],
    );
    renderApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByText('dashboard page', {}, { timeout: 8000 })).toBeTruthy();
    expect(queryProvider.renders).toBeGreaterThan(0);
  });
});

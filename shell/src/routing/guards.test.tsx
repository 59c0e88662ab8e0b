import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { renderApp, sessionFor, stubApi } from '../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const meCalls = (calls: { url: string }[]) => calls.filter((c) => c.url === '/api/auth/me').length;

describe('ProtectedRoute', () => {
  it('shows Verifying your access... while the session loads, then the page for a signed-in user', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(async () => {
      await gate;
      return [200, sessionFor()];
    });
    renderApp(<ProtectedRoute>secret page</ProtectedRoute>);
    expect(screen.getByText('Verifying your access...')).toBeTruthy();
    release();
    expect(await screen.findByText('secret page')).toBeTruthy();
  });

  it('makes 2 manual checks, then a full-page redirect to /login', async () => {
    const calls = stubApi(() => [401, { message: 'Not authenticated' }]);
    const redirect = vi.fn();
    renderApp(<ProtectedRoute redirect={redirect}>secret page</ProtectedRoute>);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    // The probe asks; a check begun before its 401 cleared the session hint asks too, later ones answer
    // without a request (no hint: certainly no session).
    expect(meCalls(calls)).toBeGreaterThanOrEqual(1);
    expect(meCalls(calls)).toBeLessThanOrEqual(1 + 2);
    expect(screen.queryByText('secret page')).toBeNull();
    expect(screen.getByText('Verifying authentication...')).toBeTruthy();
  });

  it('without the session hint, goes to /login asking nothing (a signed-out visitor, issue 25)', async () => {
    document.cookie = 'df_session_present=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const calls = stubApi(() => [401, { message: 'Not authenticated' }]);
    const redirect = vi.fn();
    renderApp(<ProtectedRoute redirect={redirect}>secret page</ProtectedRoute>);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(meCalls(calls)).toBe(0);
  });

  it('renders the page when a manual check finds the session', async () => {
    let n = 0;
    stubApi(() => (++n >= 2 ? [200, sessionFor()] : [401, { message: 'no' }]));
    const redirect = vi.fn();
    renderApp(<ProtectedRoute redirect={redirect}>secret page</ProtectedRoute>);
    expect(await screen.findByText('secret page')).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('PublicOnlyRoute', () => {
  const routes = (
    <Routes>
      <Route path="/login" element={<PublicOnlyRoute>login form</PublicOnlyRoute>} />
      <Route path="/dashboard" element={<p>dashboard</p>} />
    </Routes>
  );

  it('shows the public page after one failed check', async () => {
    const calls = stubApi(() => [401, { message: 'no' }]);
    renderApp(routes, { route: '/login' });
    expect(await screen.findByText('login form')).toBeTruthy();
    expect(meCalls(calls)).toBe(1 + 1);
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    stubApi(() => [200, sessionFor()]);
    renderApp(routes, { route: '/login' });
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(screen.queryByText('login form')).toBeNull();
  });

  it('redirects 100 ms after the manual check finds a session', async () => {
    let n = 0;
    // Timed from the answer that finds the session (not from when waitFor notices it, which lags under load).
    let foundAt = 0;
    stubApi(() => {
      n += 1;
      if (n < 2) return [401, { message: 'no' }];
      foundAt ||= Date.now();
      return [200, sessionFor()];
    });
    renderApp(routes, { route: '/login' });
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(foundAt).toBeGreaterThan(0);
    expect(Date.now() - foundAt).toBeGreaterThanOrEqual(90);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { TSession } from '@dealflow/contracts';
import {
  AUTH_REFETCH_INTERVAL,
  AuthProvider,
  LOGOUT_TIMEOUT,
  ME_PATH,
  ME_QUERY_KEY,
  useAuth,
  type TAuthContextValue,
} from './AuthProvider.js';
import { linkQueryCache } from './session-store.js';
import { getToasts, resetToasts, setToasterReady } from '../toast/store.js';
import { json, stubFetch } from '../test/fetch.js';

const session = (overrides: Partial<TSession['user']> = {}): TSession => ({
  user: {
    id: 7,
    name: 'Ada Founder',
    email: 'ada@example.com',
    role: 'owner',
    profilePicture: null,
    organizationId: 3,
    digitalProductAccess: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  },
  organization: {
    id: 3,
    name: 'Acme Ventures',
    ownerId: 7,
    plan: 'pro',
    billingCycle: 'annual',
    subscriptionStatus: 'trialing',
    subscriptionQuantity: 1,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    trialEndsAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});

let auth: TAuthContextValue;
function Probe() {
  auth = useAuth();
  return <p data-testid="status">{auth.status}</p>;
}

// No QueryClientProvider: the auth context works without react-query (signed-out pages load none).
function renderAuth(redirect = vi.fn()) {
  render(
    <AuthProvider redirect={redirect}>
      <Probe />
    </AuthProvider>,
  );
  return redirect;
}

let unlinkQueryCache: (() => void) | undefined;

const statusText = () => screen.getByTestId('status').textContent;

beforeEach(() => {
  localStorage.clear();
  // A page the gateway served with a session cookie (the readable hint); the signed-out test clears it.
  document.cookie = 'df_session_present=1; path=/';
  resetToasts();
  setToasterReady(true);
});
afterEach(() => {
  unlinkQueryCache?.();
  unlinkQueryCache = undefined;
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('auth state', () => {
  it('asks nothing when the page has no session hint, and is unauthenticated at once (no 401 on a public page)', async () => {
    document.cookie = 'df_session_present=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const calls = stubFetch(() => json(session()));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    expect(calls).toHaveLength(0);
    // The 60-s refetch asks nothing either while signed out without a hint.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTH_REFETCH_INTERVAL + 10);
    });
    expect(calls).toHaveLength(0);
    // Another tab signs in (the hint appears): the next refetch asks and finds the session.
    document.cookie = 'df_session_present=1; path=/';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTH_REFETCH_INTERVAL + 10);
    });
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    expect(calls.map((call) => call.url)).toEqual([ME_PATH]);
  });

  it('goes from loading to authenticated on a successful /api/auth/me and keeps nothing in localStorage', async () => {
    stubFetch(() => json(session()));
    renderAuth();
    expect(statusText()).toBe('loading');
    // The file's first render is slow on a loaded machine (cold imports): a longer wait than the default 1 s.
    await waitFor(() => expect(statusText()).toBe('authenticated'), { timeout: 5000 });
    expect(auth.user?.name).toBe('Ada Founder');
    expect(auth.organization?.name).toBe('Acme Ventures');
    expect(auth.isOwner).toBe(true);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(localStorage.length).toBe(0);
  });

  it('goes from loading to unauthenticated on 401 and clears stored credentials', async () => {
    localStorage.setItem('auth_token', 'stale');
    localStorage.setItem('user_id', '1');
    localStorage.setItem('organization_id', '1');
    stubFetch(() => json({ message: 'Not authenticated' }, 401));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('organization_id')).toBeNull();
  });

  it('is unauthenticated when the current-user fetch fails', async () => {
    stubFetch(() => json({ message: 'Bad gateway' }, 502));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
  });

  it('keeps the session when a background refetch fails, and drops it on a later 401', async () => {
    let answer = () => json(session());
    stubFetch(() => answer());
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    answer = () => json({ message: 'Bad gateway' }, 502);
    await act(() => auth.refresh());
    expect(statusText()).toBe('authenticated');
    answer = () => json({ message: 'Not authenticated' }, 401);
    await act(() => auth.refresh());
    expect(statusText()).toBe('unauthenticated');
  });

  it('refetches the current user every 60 s while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => json(session()));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    const meCalls = () => calls.filter((c) => c.url === ME_PATH).length;
    expect(meCalls()).toBe(1);
    // The clock also runs in real time (waitFor polls), so leave a second of margin before the tick.
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REFETCH_INTERVAL - 1000));
    expect(meCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(meCalls()).toBe(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REFETCH_INTERVAL));
    expect(meCalls()).toBe(2);
    visibility.mockRestore();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REFETCH_INTERVAL));
    expect(meCalls()).toBe(3);
  });

  it("keeps the signed-in pages' query cache in step: new session, refresh and logout", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    unlinkQueryCache = linkQueryCache(client);
    client.setQueryData(['/api/records'], ['a record']);
    client.setQueryData(ME_QUERY_KEY, session({ name: 'Old Name' }));
    stubFetch((r) => (r.url === '/api/auth/logout' ? json({ success: true }) : json(session())));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    act(() => auth.setSession(session({ name: 'New Name' })));
    expect(client.getQueryData<TSession>(ME_QUERY_KEY)?.user.name).toBe('New Name');
    await act(() => auth.refresh());
    expect(client.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true);
    await act(() => auth.logout());
    expect(client.getQueryData(['/api/records'])).toBeUndefined();
    expect(client.getQueryData(ME_QUERY_KEY)).toBeUndefined();
  });

  it('checkSession sets the signed-in state when it finds a user, null otherwise', async () => {
    let signedIn = false;
    const calls = stubFetch(() => (signedIn ? json(session()) : json({ message: 'no' }, 401)));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    // The 401 cleared the session hint: the check answers null without asking again.
    const asked = calls.length;
    await expect(act(() => auth.checkSession())).resolves.toBeNull();
    expect(calls).toHaveLength(asked);
    // Signed in elsewhere (another tab, a document served with the session cookie): the hint is back.
    signedIn = true;
    document.cookie = 'df_session_present=1; path=/';
    await act(async () => {
      expect((await auth.checkSession())?.user.id).toBe(7);
    });
    await waitFor(() => expect(statusText()).toBe('authenticated'));
  });
});

describe('login', () => {
  it('checks, logs in, waits 100 ms, re-checks and redirects to /dashboard', async () => {
    let signedIn = false;
    const calls = stubFetch((r) => {
      if (r.url === '/api/auth/login') {
        signedIn = true;
        return json(session());
      }
      return signedIn ? json(session()) : json({ message: 'no' }, 401);
    });
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    await act(() => auth.login({ email: 'ada@example.com', password: 'password123' }));
    const paths = calls.map((c) => `${c.method} ${c.url}`);
    // The first probe's 401 cleared the session hint: the pre-login check answers without asking; the
    // session the login adopts sets the hint, so the re-check asks.
    expect(paths.slice(1)).toEqual(['POST /api/auth/login', 'GET /api/auth/me']);
    expect(JSON.parse(calls[1]?.body ?? '{}')).toEqual({ email: 'ada@example.com', password: 'password123' });
    expect(redirect).toHaveBeenCalledWith('/dashboard');
    expect(statusText()).toBe('authenticated');
    expect(getToasts()[0]).toMatchObject({
      title: 'Login successful',
      description: 'Welcome back, Ada Founder!',
    });
  });

  it('answers the two-factor challenge without a session, a toast or a redirect', async () => {
    stubFetch((r) =>
      r.url === '/api/auth/login' ? json({ twoFactorRequired: true }, 202) : json({ message: 'no' }, 401),
    );
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    await act(async () => {
      await expect(auth.login({ email: 'ada@example.com', password: 'password123' })).resolves.toEqual({
        twoFactorRequired: true,
      });
    });
    expect(redirect).not.toHaveBeenCalled();
    expect(statusText()).toBe('unauthenticated');
    expect(getToasts()).toHaveLength(0);
  });

  it('still goes to /dashboard after 500 ms more when the re-check fails', async () => {
    stubFetch((r) => (r.url === '/api/auth/login' ? json(session()) : json({ message: 'no' }, 401)));
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    const started = Date.now();
    await act(() => auth.login({ email: 'ada@example.com', password: 'password123' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(redirect).toHaveBeenCalledWith('/dashboard');
  });

  it('shows Login failed with the server message and rethrows', async () => {
    stubFetch((r) =>
      r.url === '/api/auth/login' ? json({ message: 'Invalid email or password' }, 401) : json({}, 401),
    );
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    await act(async () => {
      await expect(auth.login({ email: 'a@b.co', password: 'wrongpass' })).rejects.toThrow(
        'Invalid email or password',
      );
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Login failed',
      description: 'Invalid email or password',
      variant: 'error',
    });
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('register', () => {
  it('sets the session and says to select a plan in the two-step flow', async () => {
    const calls = stubFetch((r) => (r.url === '/api/auth/register' ? json(session()) : json(session())));
    renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    await act(() =>
      auth.register({
        email: 'ada@example.com',
        password: 'password123',
        name: 'Ada Founder',
        redirectToStepTwo: true,
      }),
    );
    const body = JSON.parse(calls.find((c) => c.url === '/api/auth/register')?.body ?? '{}');
    expect(body).toEqual({ email: 'ada@example.com', password: 'password123', name: 'Ada Founder' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Registration successful',
      description: 'Now select your subscription plan',
    });
  });
});

describe('logout', () => {
  it('clears token, user id, organization id and cookies, resets the state and redirects to /login', async () => {
    stubFetch((r) => (r.url === '/api/auth/logout' ? json({ success: true }) : json(session())));
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    document.cookie = 'df_session_present=1; path=/';
    await act(() => auth.logout());
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('organization_id')).toBeNull();
    expect(document.cookie).not.toContain('df_session_present=1');
    await waitFor(() => expect(statusText()).toBe('unauthenticated'));
    expect(redirect).toHaveBeenCalledWith('/login');
    expect(getToasts()[0]).toMatchObject({
      title: 'Logged out',
      description: 'You have been successfully logged out.',
    });
  });

  it('gives up on the server after 3000 ms and still logs out locally', async () => {
    stubFetch((r) =>
      r.url === '/api/auth/logout'
        ? new Promise<Response>((_resolve, reject) =>
            r.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          )
        : json(session()),
    );
    const redirect = renderAuth();
    await waitFor(() => expect(statusText()).toBe('authenticated'));
    vi.useFakeTimers();
    let done = false;
    act(() => {
      void auth.logout().then(() => (done = true));
    });
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT - 1));
    expect(done).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(done).toBe(true);
    expect(redirect).toHaveBeenCalledWith('/login');
    expect(getToasts()[0]).toMatchObject({
      title: 'Logout failed',
      description: 'An error occurred during logout.',
    });
  });
});

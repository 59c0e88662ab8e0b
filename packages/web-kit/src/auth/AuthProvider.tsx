// The auth context of seed 000 section 4: loading -> authenticated | unauthenticated.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TOrganization, TSession, TSignInChallenge, TUser } from '@dealflow/contracts';
import { api } from '../api/client.js';
import { ApiError } from '../api/request.js';
import { nullOn401 } from '../api/query.js';
import { toast } from '../toast/store.js';
import { SessionStore, linkedQueryCache } from './session-store.js';
import { clearStoredAuth, hasSessionHint, markSessionHint, removeLegacyStorage } from './storage.js';

export const ME_PATH = api.identity.me.path;
/** The react-query key of the current user (the signed-in pages' query), kept in step by this context. */
export const ME_QUERY_KEY = api.identity.me.key();
export const AUTH_REFETCH_INTERVAL = 60_000;
export const LOGOUT_TIMEOUT = 3000;
export const LOGIN_RECHECK_DELAY = 100;
export const LOGIN_RECHECK_FAILED_DELAY = 500;

export type TAuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface TRegisterInput {
  email: string;
  password: string;
  name: string;
  organizationName?: string;
  /** Client-only flag of the two-step registration: the plan is chosen second. */
  redirectToStepTwo?: boolean;
}

export interface TAuthContextValue {
  status: TAuthStatus;
  /** The whole /me answer (e.g. `twoFactorEnrolmentRequired`), or null. */
  session: TSession | null;
  user: TUser | null;
  organization: TOrganization | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isOwner: boolean;
  /**
   * Check the session, log in, wait 100 ms, re-check (else wait 500 ms), then go to `redirectTo`. Throws
   * ApiError. For an account with two-factor sign-in it answers the challenge (no session, no redirect):
   * the caller asks for the code.
   */
  login: (
    credentials: { email: string; password: string },
    options?: { redirectTo?: string | null },
  ) => Promise<TSession | TSignInChallenge>;
  register: (input: TRegisterInput) => Promise<TSession>;
  /** Server call with a 3000 ms timeout, then local clean-up and a full redirect to /login, even on failure. */
  logout: () => Promise<void>;
  /** One manual session check (the guards' checks): the session, or null; sets the state either way. */
  checkSession: () => Promise<TSession | null>;
  /** Adopt a session obtained elsewhere (third-party callback, payment auto-login). */
  setSession: (session: TSession) => void;
  /** Refetch the current user (after a profile change). */
  refresh: () => Promise<void>;
}

const AuthContext = createContext<TAuthContextValue | null>(null);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const fullPageRedirect = (path: string): void => {
  window.location.assign(path);
};

export interface TAuthProviderProps {
  children: ReactNode;
  /** Full-page navigation (tests replace it). */
  redirect?: (path: string) => void;
}

const loadSession = () => nullOn401(api.identity.me({ cache: 'no-store' }));

export function AuthProvider({ children, redirect = fullPageRedirect }: TAuthProviderProps) {
  const [store] = useState(() => new SessionStore(loadSession));
  const me = useSyncExternalStore(store.subscribe, store.getSnapshot);

  // The current-user fetch: now, then every 60 s while the page is visible (seed 000 section 7). Without a
  // known session and without the gateway's session hint there is nothing to ask: a signed-out visitor's page
  // makes no request that answers 401 (issue 25).
  useEffect(() => {
    const probe = () => {
      if (!store.getSnapshot().session && !hasSessionHint()) store.settleSignedOut();
      else void store.fetch();
    };
    probe();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') probe();
    }, AUTH_REFETCH_INTERVAL);
    return () => clearInterval(timer);
  }, [store]);

  const session = me.session ?? null;
  const status: TAuthStatus = me.isPending ? 'loading' : session ? 'authenticated' : 'unauthenticated';

  // A 401 or any failure of the current-user fetch leaves the state unauthenticated and clears credentials.
  useEffect(() => {
    if (me.isPending || me.isFetching) return;
    if (session) removeLegacyStorage();
    else clearStoredAuth();
  }, [me.isPending, me.isFetching, session]);

  const setSession = useCallback(
    (next: TSession) => {
      markSessionHint();
      store.set(next);
      linkedQueryCache()?.setQueryData(ME_QUERY_KEY, next);
    },
    [store],
  );

  // Without the hint there is certainly no session: the public-only pages' check and the pre-login check
  // answer at once instead of asking for a 401 (issue 25: no console error on a public page).
  const checkSession = useCallback(async (): Promise<TSession | null> => {
    if (!hasSessionHint()) return null;
    try {
      const next = await api.identity.me({ cache: 'no-store' });
      if (next?.user) {
        setSession(next);
        return next;
      }
      return null;
    } catch {
      return null;
    }
  }, [setSession]);

  const login = useCallback<TAuthContextValue['login']>(
    async (credentials, options = {}) => {
      const redirectTo = options.redirectTo === undefined ? '/dashboard' : options.redirectTo;
      await checkSession();
      let next: TSession | TSignInChallenge;
      try {
        next = await api.identity.login(credentials);
      } catch (error) {
        toast({
          title: 'Login failed',
          description:
            error instanceof Error && error.message
              ? error.message
              : 'Please check your credentials and try again.',
          variant: 'error',
        });
        throw error;
      }
      if (!('user' in next)) return next;
      setSession(next);
      toast({
        title: 'Login successful',
        description: `Welcome back, ${next.user.name}!`,
        variant: 'success',
      });
      await sleep(LOGIN_RECHECK_DELAY);
      const confirmed = await checkSession();
      if (!confirmed) await sleep(LOGIN_RECHECK_FAILED_DELAY);
      if (redirectTo) redirect(redirectTo);
      return next;
    },
    [checkSession, setSession, redirect],
  );

  const register = useCallback<TAuthContextValue['register']>(
    async ({ redirectToStepTwo, ...body }) => {
      let next: TSession;
      try {
        next = await api.identity.register(body);
      } catch (error) {
        toast({
          title: 'Registration failed',
          description:
            error instanceof Error && error.message
              ? error.message
              : 'Please check your information and try again.',
          variant: 'error',
        });
        throw error;
      }
      setSession(next);
      toast({
        title: 'Registration successful',
        description: redirectToStepTwo ? 'Now select your subscription plan' : `Welcome, ${next.user.name}!`,
        variant: 'success',
      });
      await store.fetch();
      return next;
    },
    [store, setSession],
  );

  const logout = useCallback(async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT);
    try {
      await api.identity.logout({ signal: controller.signal });
      toast({
        title: 'Logged out',
        description: 'You have been successfully logged out.',
        variant: 'success',
      });
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : 'An error occurred during logout.';
      toast({ title: 'Logout failed', description: message, variant: 'error' });
    } finally {
      clearTimeout(timer);
    }
    clearStoredAuth();
    try {
      sessionStorage.clear();
    } catch {
      // storage may be unavailable (private mode); nothing to clear then
    }
    store.set(null);
    linkedQueryCache()?.removeQueries();
    redirect('/login');
  }, [store, redirect]);

  /** Refetch the current user here and in the signed-in pages' current-user query. */
  const refresh = useCallback(async () => {
    await Promise.all([store.fetch(), linkedQueryCache()?.invalidateQueries({ queryKey: ME_QUERY_KEY })]);
  }, [store]);

  const value = useMemo<TAuthContextValue>(
    () => ({
      status,
      session,
      user: session?.user ?? null,
      organization: session?.organization ?? null,
      isAuthenticated: status === 'authenticated',
      isLoading: status === 'loading',
      isOwner: session?.user.role === 'owner',
      login,
      register,
      logout,
      checkSession,
      setSession,
      refresh,
    }),
    [status, session, login, register, logout, checkSession, setSession, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider> (the shell provides it)');
  return value;
}

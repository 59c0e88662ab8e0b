// The payment-return screen's automatic sign-in (seed 000 sections 2, 4, 8 and 9), kept free of React
// so its retry schedule can be tested with fake timers.
import { api } from '@dealflow/contracts/client';

/** Paths on which the payment-return screen does nothing (seed 000 section 2). */
export const PAYMENT_RETURN_IGNORED_PATHS = [
  '/settings',
  '/billing',
  '/team-members',
  '/processed-emails',
  '/integration-1',
  '/integration-2',
];

export const AUTO_LOGIN_ATTEMPTS = 5;
export const AUTO_LOGIN_MAX_DELAY_MS = 8000;
export const SUCCESS_REDIRECT_MS = 500;
export const FAILURE_REDIRECT_MS = 1500;

/** Delay before attempt n (1-based): 0, 1, 2, 4, 8 seconds (doubling, capped at 8 s). */
export function getAutoLoginDelay(attempt: number): number {
  if (attempt <= 1) return 0;
  return Math.min(1000 * 2 ** (attempt - 2), AUTO_LOGIN_MAX_DELAY_MS);
}

/** Stripe's checkout session ids (`cs_live_…`, and `cs_test_…` in test mode). */
const CHECKOUT_SESSION_PATTERN = /cs_(?:live|test)_[A-Za-z0-9]+/;

/** session_id from the query, else a checkout session id found in the path or the whole URL. */
export function findCheckoutSessionId(href: string): string | null {
  const url = new URL(href, 'http://localhost');
  const fromQuery = url.searchParams.get('session_id');
  if (fromQuery) return fromQuery;
  const match =
    CHECKOUT_SESSION_PATTERN.exec(url.pathname) ?? CHECKOUT_SESSION_PATTERN.exec(decodeURIComponent(href));
  return match ? match[0] : null;
}

export function isPaymentReturnIgnoredPath(pathname: string): boolean {
  return PAYMENT_RETURN_IGNORED_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface TAutoLoginUser {
  id: number;
  name: string;
  email: string;
  digitalProductAccess: boolean;
  organizationId?: number | null;
}
export interface TAutoLoginAnswer {
  success: boolean;
  user: TAutoLoginUser | null;
  message: string;
  sessionId?: string;
  purchase?: 'template' | 'subscription';
}

/**
 * Where a signed-in buyer lands: the licence shows 'Payment Successful!' on the dashboard (?checkout_success),
 * a subscription 'Subscription Started!' (?subscription_started); the dashboard shows it without leaving.
 */
export const dashboardAfterPurchase = (answer: Pick<TAutoLoginAnswer, 'purchase'>) =>
  answer.purchase === 'template'
    ? '/dashboard?checkout_success=1'
    : answer.purchase === 'subscription'
      ? '/dashboard?subscription_started=1'
      : '/dashboard';

/** The purchase reaches the account by an event: ask up to this many times, this far apart, before leaving. */
export const ACCESS_CHECKS = 6;
export const ACCESS_CHECK_INTERVAL_MS = 500;

/** The two auto-login routes, tried in the seed's order (the typed client's endpoints). */
export const AUTO_LOGIN_ENDPOINTS = { primary: api.billing.autoLogin, alternative: api.billing.autoLoginAlt };
export type TAutoLoginPath = string;
export const PRIMARY_AUTO_LOGIN_PATH: TAutoLoginPath = AUTO_LOGIN_ENDPOINTS.primary.path;
export const ALTERNATIVE_AUTO_LOGIN_PATH: TAutoLoginPath = AUTO_LOGIN_ENDPOINTS.alternative.path;

/** Posts to the auto-login route with that path (the page's `post`). */
export const postAutoLogin = (path: TAutoLoginPath, body: { sessionId: string }) =>
  path === ALTERNATIVE_AUTO_LOGIN_PATH
    ? AUTO_LOGIN_ENDPOINTS.alternative(body)
    : AUTO_LOGIN_ENDPOINTS.primary(body);

export interface TAutoLoginDeps {
  post: (path: TAutoLoginPath, body: { sessionId: string }) => Promise<unknown>;
  sleep?: (ms: number) => Promise<void>;
  onAttempt?: (attempt: number, path: TAutoLoginPath) => void;
}

export type TAutoLoginOutcome =
  | { ok: true; answer: TAutoLoginAnswer & { user: TAutoLoginUser }; attempts: number }
  | {
      ok: false;
      message: string;
      lastMessage: string | null;
      /** 'refused': the server answered success false; 'error': the last call failed or answered badly. */
      lastFailure: 'refused' | 'error';
      attempts: number;
    };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function parseAutoLoginAnswer(value: unknown): TAutoLoginAnswer {
  if (!value || typeof value !== 'object' || typeof (value as { success?: unknown }).success !== 'boolean') {
    throw new Error('Invalid response format');
  }
  return value as TAutoLoginAnswer;
}

async function tryPath(deps: TAutoLoginDeps, path: TAutoLoginPath, sessionId: string) {
  const answer = parseAutoLoginAnswer(await deps.post(path, { sessionId }));
  if (answer.success && answer.user) return { answer: answer as TAutoLoginAnswer & { user: TAutoLoginUser } };
  return { failure: answer.message || 'Auto-login was refused' };
}

/**
 * Up to 5 attempts on /api/stripe/auto-login with delays 0, 1, 2, 4, 8 s. After an odd-numbered failed
 * attempt that is not the last (1 and 3), /api/billing/auto-login is tried as well.
 */
export async function runAutoLogin(sessionId: string, deps: TAutoLoginDeps): Promise<TAutoLoginOutcome> {
  const sleep = deps.sleep ?? defaultSleep;
  let lastMessage: string | null = null;
  let lastFailure: 'refused' | 'error' = 'error';
  for (let attempt = 1; attempt <= AUTO_LOGIN_ATTEMPTS; attempt += 1) {
    const delay = getAutoLoginDelay(attempt);
    if (delay > 0) await sleep(delay);
    const paths: TAutoLoginPath[] = [PRIMARY_AUTO_LOGIN_PATH];
    if (attempt % 2 === 1 && attempt < AUTO_LOGIN_ATTEMPTS) paths.push(ALTERNATIVE_AUTO_LOGIN_PATH);
    for (const path of paths) {
      deps.onAttempt?.(attempt, path);
      try {
        const result = await tryPath(deps, path, sessionId);
        if ('answer' in result && result.answer)
          return { ok: true, answer: result.answer, attempts: attempt };
        lastMessage = result.failure ?? lastMessage;
        lastFailure = 'refused';
      } catch (error) {
        lastMessage = error instanceof Error ? error.message : String(error);
        lastFailure = 'error';
      }
    }
  }
  return {
    ok: false,
    message: `Auto-login failed after ${AUTO_LOGIN_ATTEMPTS} attempts`,
    lastMessage,
    lastFailure,
    attempts: AUTO_LOGIN_ATTEMPTS,
  };
}

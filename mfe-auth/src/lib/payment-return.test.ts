import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findCheckoutSessionId,
  getAutoLoginDelay,
  isPaymentReturnIgnoredPath,
  runAutoLogin,
  type TAutoLoginPath,
} from './payment-return.js';

const user = { id: 7, name: 'Ada', email: 'ada@example.com', digitalProductAccess: true, organizationId: 3 };
const refused = { success: false, user: null, message: 'Payment not confirmed yet' };

describe('the auto-login schedule', () => {
  it('waits 0, 1, 2, 4 and 8 seconds before attempts 1 to 5', () => {
    expect([1, 2, 3, 4, 5].map(getAutoLoginDelay)).toEqual([0, 1000, 2000, 4000, 8000]);
  });

  it('never waits more than 8 seconds', () => {
    expect(getAutoLoginDelay(9)).toBe(8000);
  });
});

describe('runAutoLogin with fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries the primary path at 0, 1, 3, 7 and 15 s and the alternative after attempts 1 and 3', async () => {
    const calls: Array<{ at: number; path: TAutoLoginPath }> = [];
    const start = Date.now();
    const post = vi.fn(async (path: TAutoLoginPath) => {
      calls.push({ at: Date.now() - start, path });
      return refused;
    });
    const outcome = runAutoLogin('cs_test_abc', { post });
    await vi.runAllTimersAsync();
    const result = await outcome;

    expect(calls).toEqual([
      { at: 0, path: '/api/stripe/auto-login' },
      { at: 0, path: '/api/billing/auto-login' },
      { at: 1000, path: '/api/stripe/auto-login' },
      { at: 3000, path: '/api/stripe/auto-login' },
      { at: 3000, path: '/api/billing/auto-login' },
      { at: 7000, path: '/api/stripe/auto-login' },
      { at: 15000, path: '/api/stripe/auto-login' },
    ]);
    expect(result).toMatchObject({
      ok: false,
      message: 'Auto-login failed after 5 attempts',
      lastMessage: 'Payment not confirmed yet',
      lastFailure: 'refused',
      attempts: 5,
    });
  });

  it('stops at the first success, even on the alternative path', async () => {
    const post = vi.fn(async (path: TAutoLoginPath) =>
      path === '/api/billing/auto-login'
        ? { success: true, user, message: 'Welcome', sessionId: 's1' }
        : refused,
    );
    const outcome = runAutoLogin('cs_test_abc', { post });
    await vi.runAllTimersAsync();
    const result = await outcome;
    expect(result).toMatchObject({ ok: true, attempts: 1, answer: { user, sessionId: 's1' } });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('does not wait before the first attempt and sends the session id', async () => {
    const post = vi.fn(async () => ({ success: true, user, message: '' }));
    const outcome = runAutoLogin('cs_test_xyz', { post });
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledWith('/api/stripe/auto-login', { sessionId: 'cs_test_xyz' });
    await expect(outcome).resolves.toMatchObject({ ok: true });
  });

  it('has not made attempt 3 before 3 seconds have passed', async () => {
    const post = vi.fn(async (_path: TAutoLoginPath) => refused);
    void runAutoLogin('cs_test_abc', { post });
    await vi.advanceTimersByTimeAsync(2999);
    expect(post.mock.calls.filter(([path]) => path === '/api/stripe/auto-login')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(post.mock.calls.filter(([path]) => path === '/api/stripe/auto-login')).toHaveLength(3);
    await vi.runAllTimersAsync();
  });

  it("counts an answer without a boolean success as 'Invalid response format'", async () => {
    const post = vi.fn(async () => ({ ok: 'yes' }));
    const outcome = runAutoLogin('cs_test_abc', { post });
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toMatchObject({
      ok: false,
      lastMessage: 'Invalid response format',
      lastFailure: 'error',
    });
  });

  it('treats a thrown request as a failed attempt and keeps retrying', async () => {
    let n = 0;
    const post = vi.fn(async () => {
      n += 1;
      if (n < 4) throw new Error('502 Bad Gateway');
      return { success: true, user, message: 'ok' };
    });
    const outcome = runAutoLogin('cs_test_abc', { post });
    await vi.runAllTimersAsync();
    // attempt 1: primary + alternative throw, attempt 2: primary throws, attempt 3: primary succeeds.
    await expect(outcome).resolves.toMatchObject({ ok: true, attempts: 3 });
  });
});

describe('finding the checkout session id', () => {
  it('reads session_id from the query first', () => {
    expect(findCheckoutSessionId('/checkout/success?session_id=cs_test_a1')).toBe('cs_test_a1');
  });

  it('else finds a checkout session id in the path', () => {
    expect(findCheckoutSessionId('/checkout/complete/cs_live_b2C3')).toBe('cs_live_b2C3');
  });

  it('gives null when there is none', () => {
    expect(findCheckoutSessionId('/checkout/success')).toBeNull();
  });
});

describe('paths where the payment-return screen does nothing', () => {
  it.each([
    '/settings',
    '/billing',
    '/team-members',
    '/processed-emails',
    '/integration-1',
    '/integration-2',
  ])('ignores %s', (path) => expect(isPaymentReturnIgnoredPath(path)).toBe(true));

  it('acts on the checkout result paths', () => {
    expect(isPaymentReturnIgnoredPath('/checkout/success')).toBe(false);
    expect(isPaymentReturnIgnoredPath('/dashboard/checkout')).toBe(false);
  });
});

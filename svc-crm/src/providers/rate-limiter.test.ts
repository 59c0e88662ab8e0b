import { describe, expect, it } from 'vitest';
import { createRateLimiter, parseRetryAfterMs } from './rate-limiter.js';

describe('rate limiter', () => {
  it('spaces calls so no more than the budget start per minute', async () => {
    const waitForSlot = createRateLimiter(1200); // one call per 50 ms
    const started = Date.now();
    for (let i = 0; i < 5; i++) await waitForSlot();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfterMs('2')).toBe(2000);
    expect(parseRetryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfterMs('soon')).toBeNull();
    expect(parseRetryAfterMs(null)).toBeNull();
  });
});

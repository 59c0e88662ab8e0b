/**
 * Client-side spacing of calls to a third-party API: at most `maxPerMinute` calls start in any minute
 * from this process (Affinity allows 900 per user per minute; replicas share the budget through the
 * configured value, which the chart divides by the replica count).
 */
export function createRateLimiter(maxPerMinute: number, now: () => number = Date.now) {
  const intervalMs = maxPerMinute > 0 ? 60_000 / maxPerMinute : 0;
  let nextSlot = 0;
  return async function waitForSlot(): Promise<void> {
    const current = now();
    const slot = Math.max(current, nextSlot);
    nextSlot = slot + intervalMs;
    if (slot > current) await sleep(slot - current);
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

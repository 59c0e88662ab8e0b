import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4 (its last release) re-arms a timer every millisecond on each broker connection while
 * nothing is pending: `scheduleCheckPendingRequests` computes `throttledUntil - Date.now()` with
 * `throttledUntil = -1`, a negative delay that Node runs after 1 ms, forever (tulios/kafkajs#1556, #1704;
 * the fix of PR #1667 was never released). Each idle service spent 2-3% of a core on it. This applies that
 * fix: with nothing pending and no throttle, no timer is set; a request that has to wait still schedules
 * its check (push() calls this with a pending request), and every answer checks the queue again.
 */
interface TRequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking a queue that has pending requests (not exported). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;
const PATCHED = Symbol.for('dealflow.kafkajs-idle-fix');

export function applyKafkajsIdleFix(): boolean {
  const require = createRequire(import.meta.url);
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
    prototype: TRequestQueue & { [PATCHED]?: true };
  };
  const proto = RequestQueue.prototype;
  if (proto[PATCHED]) return false;
  proto.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: TRequestQueue) {
    if (this.throttleCheckTimeoutId) return;
    let delay = this.throttledUntil - Date.now();
    if (this.pending.length > 0) delay = delay > 0 ? delay : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    else if (delay <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
  proto[PATCHED] = true;
  return true;
}

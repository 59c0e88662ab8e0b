// The shell's Module Federation runtime plugin for remote rollouts, on @module-federation/retry-plugin
// (0.17.1: the newest on the registry; its hooks `fetch`, `loadEntryError` and `getModuleFactory` are those of
// runtime-core 2.9, which calls them as the plugin expects). createMfConfig adds it to the host; the remotes
// run on the shell's runtime (externalRuntime), so it covers them all.
import { RetryPlugin } from '@module-federation/retry-plugin';

/** Attempts after the first for a remote's entry and for an exposed module (whose chunks it loads). */
export const SCRIPT_RETRIES = 3;
/** Pause between those attempts (the plugin waits the same time each; 0.17.1 has no growing backoff). */
export const SCRIPT_RETRY_DELAY_MS = 500;
/** Attempts after the first for an mf-manifest.json (the plugin waits 1 s before each), then the last one below. */
export const MANIFEST_RETRIES = 2;

/** The manifest URL with a query no cache has seen: the plugin's last attempt (its `fallback`). */
export function withRetryQuery(url) {
  const base = globalThis.location?.href ?? 'http://localhost/';
  const next = new URL(typeof url === 'string' || url instanceof URL ? url : url.url, base);
  next.searchParams.set('mf_retry', String(Date.now()));
  return next.toString();
}

/**
 * During a remote's rollout old and new instances serve together: a manifest, an entry or a chunk can fail
 * once (a 404 from an instance of the other release, a connection cut by a pod going away). The gateway
 * already asks again for a hashed chunk (gateway/src/plugins/remotes.ts); this retries in the browser what
 * still failed: the manifest fetch (then once more with a cache-busting query), the entry script, and the
 * exposed module's load (webpack forgets a failed chunk, so a retry asks for it again).
 */
export default function retryRuntimePlugin() {
  return RetryPlugin({
    fetch: { retryTimes: MANIFEST_RETRIES, fallback: withRetryQuery },
    script: { retryTimes: SCRIPT_RETRIES, retryDelay: SCRIPT_RETRY_DELAY_MS },
  });
}

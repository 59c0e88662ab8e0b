import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface TRemoteLoadFailure {
  id: string;
  lifecycle: string;
  message: string;
  at: number;
}

declare global {
  interface Window {
    __DEALFLOW_REMOTE_FAILURES__?: TRemoteLoadFailure[];
  }
}

/**
 * Runs when a remote's manifest, entry or module cannot be loaded. It records the failure (visible to
 * tests and in the console) and returns nothing, so the failure reaches the React error boundary of the
 * one `<RemoteComponent>` that asked for it: that part shows an error panel with Retry, the rest of the
 * app keeps working; Retry loads it again.
 */
export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'dealflow-error-load-remote',
    errorLoadRemote(args) {
      const { id, lifecycle, error, origin } = args as {
        id: string;
        lifecycle: string;
        error: unknown;
        origin?: { snapshotHandler?: { manifestLoading?: Record<string, unknown> } };
      };
      // A manifest that answered with something other than a manifest (the gateway's JSON 502 while the
      // remote is down) stays cached as a failed load in the runtime: forget it so Retry fetches it again.
      if (lifecycle === 'afterResolve') {
        const loading = origin?.snapshotHandler?.manifestLoading;
        if (loading) delete loading[id];
      }
      const message = error instanceof Error ? error.message : String(error);
      if (typeof window !== 'undefined') {
        (window.__DEALFLOW_REMOTE_FAILURES__ ??= []).push({ id, lifecycle, message, at: Date.now() });
      }
      console.warn(`[module federation] ${id} could not be loaded (${lifecycle}): ${message}`);
      return undefined;
    },
  };
}

/**
 * Starter: the identity engineer fills this with a local OIDC provider (e.g. `oidc-provider`) for the
 * Google sign-in test. Called once by the global setup before the stack starts; `env` is merged into every
 * service's environment (issuer, client id and secret) and `stop()` runs at teardown.
 */
export async function start(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  return { env: {}, stop: async () => undefined };
}

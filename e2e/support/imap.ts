/**
 * Starter: the ingest engineer fills this with a local IMAP server for the mailbox Scan test. Called once
 * by the global setup before the stack starts; `env` is merged into every service's environment and
 * `stop()` runs at teardown.
 */
export async function start(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  return { env: {}, stop: async () => undefined };
}

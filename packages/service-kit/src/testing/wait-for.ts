/** Polls until fn returns a truthy value (or stops throwing); rejects after timeoutMs. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `waitFor timed out after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

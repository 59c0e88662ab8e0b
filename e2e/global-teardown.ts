/** Stops what global-setup.ts started (same process): the stack, the stand-ins and the control server. */
export default async function globalTeardown() {
  const teardown = (globalThis as { __e2eTeardown?: () => Promise<void> }).__e2eTeardown;
  await teardown?.();
}

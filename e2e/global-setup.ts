import { findFreePort, startStack } from '@dealflow/dev-stack';
import type { FullConfig } from '@playwright/test';
import { startControlServer } from './support/control.js';
import { start as startImap } from './support/imap.js';
import { start as startOidc } from './support/oidc.js';
import { startSmtpCapture } from './support/smtp.js';
import { start as startXero } from './support/xero.js';

/**
 * One stack for the whole run: fresh databases on the machine's PostgreSQL, a fresh broker, free ports,
 * no Redis (so concurrent runs never share state), the SMTP capture server and the stand-ins of
 * support/oidc.ts, support/imap.ts and support/xero.ts. Tests find it through E2E_BASE_URL and E2E_CONTROL_URL.
 */
export default async function globalSetup(_config: FullConfig) {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error: Error) => console.error(`[e2e] teardown: ${error.message}`));
  };
  (globalThis as { __e2eTeardown?: () => Promise<void> }).__e2eTeardown = stopAll;
  try {
    const gatewayPort = await findFreePort();
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;
    const smtp = await startSmtpCapture();
    stops.push(smtp.stop);
    const oidc = await startOidc({ publicUrl });
    stops.push(oidc.stop);
    const imap = await startImap({ publicUrl });
    stops.push(imap.stop);
    const xero = await startXero();
    stops.push(xero.stop);

    const started = Date.now();
    const stack = await startStack({
      ports: 'free',
      gatewayPort,
      publicHost: '127.0.0.1',
      databases: 'fresh',
      broker: 'fresh',
      redis: 'none',
      logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
      env: { E2E: '1', SMTP_URL: smtp.url, ...oidc.env, ...imap.env },
      serviceEnv: {
        gateway: { RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_MAX: '100000' },
        // The outbound guard refuses loopback; the Scan spec's dovecot listens there (test-only allow list).
        // Integration 2 talks to the Xero stand-in (support/xero.ts).
        ingest: { OUTBOUND_TEST_ALLOW: '127.0.0.1', ...xero.env },
      },
    });
    stops.push(stack.stop);
    const control = await startControlServer(stack, smtp.messages);
    stops.push(control.stop);

    process.env.E2E_BASE_URL = stack.url;
    process.env.E2E_CONTROL_URL = control.url;
    process.env.E2E_SMTP_URL = smtp.url;
    console.log(`[e2e] stack ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

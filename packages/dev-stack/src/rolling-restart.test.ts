import { randomUUID } from 'node:crypto';
import { billingRoutes, identityRoutes } from '@dealflow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, fixedRateLoad, type FixedRateResult } from './bench-sections.js';
import type { TStackService } from './paths.js';
import { startStack, type Stack } from './stack.js';

// A rollout on one machine: two instances each of identity and billing behind one gateway, restarted one
// after the other (SIGTERM: readiness fails, the endpoints drain, the server closes, a new process starts)
// while the bench's open-loop generator sends reads through the gateway. Opt-in (STACK_ROLLING_TEST=1,
// `npm run test:rolling -w @dealflow/dev-stack`): it starts a stack and runs for about a minute.
const enabled = process.env.STACK_ROLLING_TEST === '1';
const RATE = Number(process.env.ROLLING_RATE ?? 20);
// ROLLING_REPLICAS=1 is the control: one instance each, restarted the same way, must show failed requests.
const REPLICAS = Number(process.env.ROLLING_REPLICAS ?? 2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One guest purchase through the gateway, as a signed-out browser makes it: the checkout, the embedded /pay
 * form (billing asks identity for the buyer's account: POST /internal/buyers) and the return (billing asks
 * identity to open the session: POST /internal/sessions). Two service-to-service calls each; resolves to
 * null or to what failed.
 */
async function guestPurchase(base: string): Promise<string | null> {
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  // A guest gives the email first; the checkout is locked to it (issue 20).
  const email = `rolling-guest-${randomUUID()}@example.com`;
  const checkout = await fetch(`${base}${billingRoutes.checkout.path}`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (checkout.status !== 200) return `checkout HTTP ${checkout.status}: ${await checkout.text()}`;
  const { url, sessionId } = (await checkout.json()) as { url: string; sessionId: string };
  const cookie = (checkout.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  const paid = await fetch(`${base}${new URL(url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      name: 'Rolling Guest',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    }),
  });
  if (paid.status !== 303) return `pay HTTP ${paid.status}: ${(await paid.text()).slice(0, 200)}`;
  const login = await fetch(`${base}${billingRoutes.autoLoginAlt.path}`, {
    method: 'POST',
    headers: { ...sameOrigin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  });
  if (login.status !== 200) return `auto-login HTTP ${login.status}: ${await login.text()}`;
  return null;
}

/** How many internal calls from billing one identity instance has answered since it started (its /metrics). */
async function internalCallsServed(instanceUrl: string): Promise<number> {
  const text = await (await fetch(`${instanceUrl}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_count')) continue;
    if (!/http_route="\/internal\/(sessions|buyers)"/.test(line)) continue;
    total += Number(line.trim().split(/\s+/).pop());
  }
  return total;
}

describe.skipIf(!enabled)('rolling restart of two instances behind the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    const drain = { SHUTDOWN_DRAIN_MS: '2000' };
    stack = await startStack({
      ports: 'free',
      databases: 'fresh',
      broker: 'fresh',
      publicHost: '127.0.0.1',
      services: ['identity', 'billing'],
      replicas: { identity: REPLICAS, billing: REPLICAS },
      serviceEnv: {
        identity: drain,
        billing: drain,
        gateway: {
          UPSTREAM_HEALTH_INTERVAL_MS: '250',
          RATE_LIMIT_MAX: '1000000',
          RATE_LIMIT_NAMESPACE: `rolling-${process.pid}:`,
        },
      },
    });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves every request while each instance is restarted in turn', async () => {
    const token = await createSession(stack.url, 'rolling');
    // A browser session: the token is accepted only as the df_session cookie, never as a Bearer.
    const headers = { cookie: `df_session=${token}` };
    const targets = [
      `${stack.url}${identityRoutes.me.path}`,
      `${stack.url}${billingRoutes.subscription.path}`,
    ];
    for (const url of targets) expect((await fetch(url, { headers })).status).toBe(200);
    // Billing's calls to identity go to both identity instances (IDENTITY_URL lists both).
    for (let i = 0; i < 4; i += 1) expect(await guestPurchase(stack.url)).toBeNull();
    const identityUrls = stack.services.identity?.urls ?? [];
    const servedBefore = await Promise.all(identityUrls.map(internalCallsServed));
    console.log(
      `[rolling restart] internal calls from billing per identity instance: ${servedBefore.join(', ')}`,
    );
    if (REPLICAS > 1) for (const served of servedBefore) expect(served).toBeGreaterThan(0);

    const failures: string[] = [];
    const restarted: string[] = [];
    const started = Date.now();
    const rollout = (async () => {
      await sleep(3000);
      for (const name of ['identity', 'billing'] as TStackService[]) {
        for (let index = 0; index < REPLICAS; index += 1) {
          restarted.push(`${name}#${index + 1} SIGTERM at ${((Date.now() - started) / 1000).toFixed(1)} s`);
          await stack.restartInstance(name, index);
          restarted.push(`${name}#${index + 1} ready at ${((Date.now() - started) / 1000).toFixed(1)} s`);
          // As a Deployment with maxUnavailable 1 waits for the new pod's readiness before the next.
          await sleep(1500);
        }
      }
      await sleep(2000);
    })();
    // Guest purchases one after the other during the whole rollout: each makes two internal calls.
    const purchaseFailures: string[] = [];
    let purchases = 0;
    const purchasing = (async () => {
      let done = false;
      void rollout.then(() => (done = true));
      while (!done) {
        const failed = await guestPurchase(stack.url).catch((error: Error) => error.message);
        purchases += 1;
        if (failed)
          purchaseFailures.push(`${((Date.now() - started) / 1000).toFixed(1)} s guest purchase: ${failed}`);
      }
    })();
    const results: FixedRateResult[] = await Promise.all(
      targets.map((url) =>
        fixedRateLoad({
          url,
          headers,
          rate: RATE,
          durationSec: 240,
          until: rollout,
          onFailure: (what) =>
            failures.length < 20 &&
            failures.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${url}: ${what}`),
        }),
      ),
    );
    await rollout;
    await purchasing;
    const sent = results.reduce((sum, result) => sum + result.sent, 0);
    const failed = results.reduce((sum, result) => sum + result.failures, 0);
    const p99 = Math.max(...results.map((result) => result.p99));
    console.log(
      `[rolling restart] ${2 * REPLICAS} restarts (${restarted.join(', ')}); ${sent} requests at ${RATE * targets.length} req/s, ` +
        `${failed} failed, p99 ${p99.toFixed(1)} ms, max ${Math.max(...results.map((r) => r.max)).toFixed(0)} ms; ` +
        `${purchases} guest purchases (${2 * purchases} billing -> identity calls), ${purchaseFailures.length} failed`,
    );
    console.log(
      `[rolling restart] internal calls per identity instance since its restart: ${(await Promise.all(identityUrls.map(internalCallsServed))).join(', ')}`,
    );
    expect(restarted).toHaveLength(4 * REPLICAS);
    expect(failures).toEqual([]);
    expect(failed).toBe(0);
    expect(purchaseFailures).toEqual([]);
    expect(purchases).toBeGreaterThan(5);
    expect(sent).toBeGreaterThan(RATE * targets.length * 10);
  }, 300_000);
});

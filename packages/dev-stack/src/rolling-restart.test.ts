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
    const sent = results.reduce((sum, result) => sum + result.sent, 0);
    const failed = results.reduce((sum, result) => sum + result.failures, 0);
    const p99 = Math.max(...results.map((result) => result.p99));
    console.log(
      `[rolling restart] ${2 * REPLICAS} restarts (${restarted.join(', ')}); ${sent} requests at ${RATE * targets.length} req/s, ` +
        `${failed} failed, p99 ${p99.toFixed(1)} ms, max ${Math.max(...results.map((r) => r.max)).toFixed(0)} ms`,
    );
    expect(restarted).toHaveLength(4 * REPLICAS);
    expect(failures).toEqual([]);
    expect(failed).toBe(0);
    expect(sent).toBeGreaterThan(RATE * targets.length * 10);
  }, 300_000);
});

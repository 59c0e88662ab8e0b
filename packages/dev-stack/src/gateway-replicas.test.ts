import { randomUUID } from 'node:crypto';
import { billingRoutes, identityRoutes } from '@dealflow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayReplica, type GatewayReplica } from './gateway-replica.js';
import { isAnswering } from './ports-extra.js';
import { startStack, type Stack } from './stack.js';

// The whole product (fresh databases, a broker, the four services) behind two gateways sharing the
// machine's Redis, plus a third without Redis as the control. Opt-in (STACK_REPLICA_TEST=1): starting the
// stack takes most of a minute on a shared CI machine; the gateway's own session-replicas.test.ts shows the
// same with two in-process gateways in a second.
const enabled = process.env.STACK_REPLICA_TEST === '1' && (await isAnswering(6379));
// Long enough that, without the eviction, each gateway would go on serving the cached session.
const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };

describe.skipIf(!enabled)('two gateway replicas in front of one stack', () => {
  let stack: Stack;
  let second: GatewayReplica;
  let alone: GatewayReplica;
  beforeAll(async () => {
    stack = await startStack({
      ports: 'free',
      databases: 'fresh',
      publicHost: '127.0.0.1',
      serviceEnv: { gateway: LONG_CACHE },
    });
    second = await startGatewayReplica(stack, { env: LONG_CACHE });
    alone = await startGatewayReplica(stack, { env: { ...LONG_CACHE, REDIS_URL: '' } });
  }, 240_000);
  afterAll(async () => {
    await second?.stop();
    await alone?.stop();
    await stack?.stop();
  });

  it('refuses at the second gateway, at once, a session logged out through the first', async () => {
    const register = await fetch(`${stack.url}${identityRoutes.register.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `replica-${randomUUID()}@example.com`,
        password: 'correct horse battery staple',
        name: 'Ada Replica',
        organizationName: 'Replica Ventures',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = (register.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    expect(cookie).toMatch(/^df_session=/);
    const read = async (url: string) =>
      (await fetch(`${url}${billingRoutes.subscription.path}`, { headers: { cookie } })).status;

    // Every gateway exchanges the session and caches the answer.
    for (const url of [stack.url, second.url, alone.url]) expect(await read(url)).not.toBe(401);

    const logout = await fetch(`${stack.url}${identityRoutes.logout.path}`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(logout.status).toBe(200);
    expect(await read(second.url)).toBe(401);
    expect(await read(stack.url)).toBe(401);
    // The control: a gateway that hears nothing serves its cached session until the entry expires.
    expect(await read(alone.url)).not.toBe(401);
  });
});

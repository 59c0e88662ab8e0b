import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startIdentityStandIn } from '../../test-support/identity-stand-in.js';
import { createIdentityClient } from './identity-client.js';

const TOKEN = 'test-internal-token';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
const client = (urls: string[], healthIntervalMs = 0) => {
  const created = createIdentityClient({ urls, internalToken: TOKEN, healthIntervalMs });
  cleanups.push(() => created.close());
  return created;
};

/** A port nothing listens on (a stopped instance). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('the identity client over several identity instances (IDENTITY_URL=a,b)', () => {
  it('spreads internal calls over both; one draining then stopped (a rollout) fails none of them', async () => {
    const a = await startIdentityStandIn(TOKEN);
    const b = await startIdentityStandIn(TOKEN);
    cleanups.push(b.stop);
    const identity = client([a.url, b.url], 50);

    for (let userId = 1; userId <= 4; userId += 1) {
      expect((await identity.createSession(userId)).user.id).toBe(userId);
    }
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(2);

    // SIGTERM's first step: readiness fails while requests are still served, then the server closes.
    a.drain();
    await sleep(200);
    for (let userId = 5; userId <= 6; userId += 1) await identity.createSession(userId);
    await a.stop();
    for (let userId = 7; userId <= 8; userId += 1) await identity.createSession(userId);
    expect(a.calls).toHaveLength(2);
    expect(b.calls.map((call) => call.userId)).toEqual([2, 4, 5, 6, 7, 8]);
    expect(b.calls.every((call) => call.token === TOKEN)).toBe(true);
  });

  it('sends a call whose connection is refused (a stopped instance) to the next one', async () => {
    const b = await startIdentityStandIn(TOKEN);
    cleanups.push(b.stop);
    const identity = client([await closedPortUrl(), b.url]);
    for (let userId = 1; userId <= 4; userId += 1) {
      expect((await identity.createSession(userId)).user.id).toBe(userId);
    }
    expect(b.calls).toHaveLength(4);
  });

  it('answers IDENTITY_UNAVAILABLE when no instance answers', async () => {
    const identity = client([await closedPortUrl()]);
    await expect(identity.createSession(1)).rejects.toMatchObject({ code: 'IDENTITY_UNAVAILABLE' });
  });
});

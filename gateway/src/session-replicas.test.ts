import { randomUUID } from 'node:crypto';
import { isAnswering } from '@dealflow/dev-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { startUpstream } from './test/upstream.js';

// Two gateway replicas on the machine's Redis (6379) in front of one stand-in identity and billing.
const hasRedis = await isAnswering(6379);

interface TSession {
  userId: number;
  orgId: number | null;
  /** The claim `aat` (last password check), when the test sets it. */
  aat?: number;
}
const sessions = new Map<string, TSession>();
let introspections = 0;

const tokenOf = (request: { headers: Record<string, unknown> }) =>
  String(request.headers.authorization ?? '').replace(/^Bearer /, '');

let identity: Awaited<ReturnType<typeof startUpstream>>;
let billing: Awaited<ReturnType<typeof startUpstream>>;

beforeAll(async () => {
  identity = await startUpstream('identity', (app) => {
    app.post('/internal/sessions/introspect', async (request, reply) => {
      introspections += 1;
      const { token } = JSON.parse(String(request.body)) as { token: string };
      const live = sessions.get(token);
      if (!live) return reply.code(401).send({ message: 'Session expired' });
      const identityToken = `jwt:${live.userId}:${live.orgId}${live.aat ? `:aat=${live.aat}` : ''}`;
      return {
        identityToken,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        identity: { ...live, role: 'owner', email: 'a@example.com', name: 'A', sessionId: token },
      };
    });
    // Re-authentication (issue 20): the session's aat moves on; the JWT carries it.
    app.post('/api/auth/reauthenticate', async (request) => {
      const live = sessions.get(tokenOf(request));
      if (live) live.aat = (live.aat ?? 0) + 1;
      return { success: true };
    });
    app.post('/api/auth/logout', async (request) => {
      sessions.delete(tokenOf(request));
      return { success: true };
    });
    app.patch('/api/user/password', async (request) => {
      const own = sessions.get(tokenOf(request));
      for (const [token, live] of sessions)
        if (live.userId === own?.userId && token !== tokenOf(request)) sessions.delete(token);
      return { success: true };
    });
    // "Your sessions": the stand-in ends the user's session whose token is named by its id.
    app.delete('/api/account/sessions/:id', async (request, reply) => {
      const own = sessions.get(tokenOf(request));
      const target = (request.params as { id: string }).id;
      const live = sessions.get(target);
      if (!own || !live || live.userId !== own.userId) return reply.code(404).send({ message: 'Not found' });
      sessions.delete(target);
      return { success: true, revoked: 1 };
    });
    app.post('/api/account/sessions/revoke-others', async (request) => {
      const own = sessions.get(tokenOf(request));
      let revoked = 0;
      for (const [token, live] of sessions)
        if (live.userId === own?.userId && token !== tokenOf(request))
          revoked += Number(sessions.delete(token));
      return { success: true, revoked };
    });
    app.delete('/api/user', async (_request, reply) =>
      reply.code(400).send({ message: 'Password is incorrect' }),
    );
    app.delete('/api/organization', async (request) => {
      const orgId = sessions.get(tokenOf(request))?.orgId;
      for (const live of sessions.values()) if (live.orgId === orgId) live.orgId = null;
      return { success: true };
    });
  });
  billing = await startUpstream('billing');
});
afterAll(async () => {
  await Promise.all([identity?.app.close(), billing?.app.close()]);
});
beforeEach(() => {
  sessions.clear();
  introspections = 0;
  billing.seen.length = 0;
});

async function startReplicas(count: number, env: Record<string, string>) {
  const replicas: Array<{ app: FastifyInstance; url: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const config = loadGatewayConfig({
      IDENTITY_URL: identity.url,
      BILLING_URL: billing.url,
      SESSION_CACHE_TTL_MS: '60000',
      ...env,
    });
    const app = await buildGateway(config, { logger: false });
    replicas.push({ app, url: await app.listen({ host: '127.0.0.1', port: 0 }) });
  }
  return replicas;
}

/** A read through a replica: the identity JWT billing received for it (null: forwarded as anonymous). */
async function read(replica: { url: string }, token: string): Promise<string | null> {
  const response = await fetch(`${replica.url}/api/stripe/subscription`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const seen = billing.seen.at(-1);
  return (seen?.headers['x-identity-token'] as string | undefined) ?? null;
}

const write = (replica: { url: string }, method: string, path: string, token: string) =>
  fetch(`${replica.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });

describe.skipIf(!hasRedis)('session cache across two gateway replicas (Redis pub/sub)', () => {
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    [a, b] = (await startReplicas(2, {
      REDIS_URL: 'redis://127.0.0.1:6379',
      SESSION_EVICTION_CHANNEL: `gateway-test-${randomUUID()}`,
      RATE_LIMIT_NAMESPACE: `gateway-test-${randomUUID()}:`,
    })) as [typeof a, typeof b];
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
  });

  it('refuses at B a session logged out through A, at once (20 times over)', async () => {
    for (let i = 0; i < 20; i += 1) {
      const token = `ada-session-${i}-${randomUUID()}`;
      sessions.set(token, { userId: 1, orgId: 7 });
      expect(await read(a, token)).toBe('jwt:1:7');
      expect(await read(b, token)).toBe('jwt:1:7');
      const asked = introspections;
      expect(await read(b, token)).toBe('jwt:1:7');
      expect(introspections).toBe(asked); // B answers from its cache

      expect((await write(a, 'POST', '/api/auth/logout', token)).status).toBe(200);
      expect(await read(b, token)).toBeNull();
      expect(await read(a, token)).toBeNull();
    }
  });

  it('after a re-authentication through A, both replicas forward the fresh aat at once (issue 20)', async () => {
    const token = `ada-reauth-${randomUUID()}`;
    sessions.set(token, { userId: 1, orgId: 7, aat: 1 });
    expect(await read(a, token)).toBe('jwt:1:7:aat=1');
    expect(await read(b, token)).toBe('jwt:1:7:aat=1');
    expect((await write(a, 'POST', '/api/auth/reauthenticate', token)).status).toBe(200);
    expect(await read(b, token)).toBe('jwt:1:7:aat=2');
    expect(await read(a, token)).toBe('jwt:1:7:aat=2');
  });

  it('ends at B every session of a user whose password was changed through A', async () => {
    sessions.set('laptop', { userId: 2, orgId: 7 });
    sessions.set('phone', { userId: 2, orgId: 7 });
    sessions.set('grace', { userId: 3, orgId: 7 });
    for (const token of ['laptop', 'phone', 'grace']) await read(b, token);
    const asked = introspections;

    expect((await write(a, 'PATCH', '/api/user/password', 'laptop')).status).toBe(200);
    expect(await read(b, 'phone')).toBeNull(); // the other session ended
    expect(await read(b, 'laptop')).toBe('jwt:2:7'); // asked afresh: the current one lives on
    expect(await read(b, 'grace')).toBe('jwt:3:7'); // another user's entry stays cached
    expect(introspections - asked).toBe(3); // A asked about laptop (whose user?), B about phone and laptop
  });

  it('refuses at B, at once, a session revoked from "Your sessions" through A, and the others after "sign out everywhere else"', async () => {
    sessions.set('office', { userId: 20, orgId: 7 });
    sessions.set('stolen-laptop', { userId: 20, orgId: 7 });
    sessions.set('tablet', { userId: 20, orgId: 7 });
    sessions.set('colleague', { userId: 21, orgId: 7 });
    for (const token of ['office', 'stolen-laptop', 'tablet', 'colleague']) await read(b, token);

    expect((await write(a, 'DELETE', '/api/account/sessions/stolen-laptop', 'office')).status).toBe(200);
    expect(await read(b, 'stolen-laptop')).toBeNull();
    expect(await read(b, 'office')).toBe('jwt:20:7');

    expect((await write(a, 'POST', '/api/account/sessions/revoke-others', 'office')).status).toBe(200);
    expect(await read(b, 'tablet')).toBeNull();
    expect(await read(b, 'office')).toBe('jwt:20:7');
    const asked = introspections;
    expect(await read(b, 'colleague')).toBe('jwt:21:7'); // another user's entry stays cached
    expect(introspections).toBe(asked);
  });

  it('drops at B the sessions of every member of an organization deleted through A', async () => {
    sessions.set('owner', { userId: 4, orgId: 9 });
    sessions.set('member', { userId: 5, orgId: 9 });
    sessions.set('outsider', { userId: 6, orgId: 10 });
    for (const token of ['owner', 'member', 'outsider']) await read(b, token);
    await read(a, 'owner');

    expect((await write(a, 'DELETE', '/api/organization', 'owner')).status).toBe(200);
    expect(await read(b, 'member')).toBe('jwt:5:null');
    expect(await read(b, 'owner')).toBe('jwt:4:null');
    const asked = introspections;
    expect(await read(b, 'outsider')).toBe('jwt:6:10');
    expect(introspections).toBe(asked);
  });

  it('publishes nothing for reads: GET /api/auth/me and cached reads cost no Redis message', async () => {
    const heard = b.app.sessionEvictions.received;
    sessions.set('reader', { userId: 8, orgId: 7 });
    for (let i = 0; i < 20; i += 1) {
      await read(a, 'reader');
      await fetch(`${a.url}/api/auth/me`, { headers: { authorization: 'Bearer reader' } });
    }
    expect(b.app.sessionEvictions.received).toBe(heard);
  });
});

describe('session cache without Redis (one replica, in-process)', () => {
  let only: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    [only] = (await startReplicas(1, {})) as [typeof only];
  });
  afterAll(async () => {
    await only?.app.close();
  });

  it("evicts a user's other sessions after a password change", async () => {
    sessions.set('desk', { userId: 2, orgId: 7 });
    sessions.set('tablet', { userId: 2, orgId: 7 });
    await read(only, 'tablet');
    expect((await write(only, 'PATCH', '/api/user/password', 'desk')).status).toBe(200);
    expect(await read(only, 'tablet')).toBeNull();
  });

  it("keeps the user's other sessions cached when identity refuses the deletion", async () => {
    sessions.set('kept', { userId: 11, orgId: 12 });
    sessions.set('kept-too', { userId: 11, orgId: 12 });
    await read(only, 'kept-too');
    expect((await write(only, 'DELETE', '/api/user', 'kept')).status).toBe(400);
    const asked = introspections;
    expect(await read(only, 'kept-too')).toBe('jwt:11:12');
    expect(introspections).toBe(asked);
  });
});

import { randomUUID } from 'node:crypto';
import { isAnswering } from '@dealflow/dev-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { startUpstream } from './test/upstream.js';

// The gateway's share of organization API keys, in front of a stand-in identity that answers introspection
// as svc-identity does (introspect-api-key.ts): the per-key rate limit in Redis (429, Retry-After),
// revocation through the session cache, the Pro refusal (403 PLAN_REQUIRED) and the CSRF exemption of a valid key.
const hasRedis = await isAnswering(6379);

interface TKey {
  id: string;
  orgId: number;
  scope: 'read' | 'write';
  plan: 'pro' | 'basic';
  revoked: boolean;
}
const keys = new Map<string, TKey>();
const sessions = new Map<string, { userId: number; orgId: number }>();
let introspections = 0;
/** The client address of each introspection (the body's `ip`). */
const askedFrom: Array<string | undefined> = [];

let identity: Awaited<ReturnType<typeof startUpstream>>;
let ingest: Awaited<ReturnType<typeof startUpstream>>;

beforeAll(async () => {
  identity = await startUpstream('identity', (app) => {
    app.post('/internal/sessions/introspect', async (request, reply) => {
      introspections += 1;
      const { token, via, ip } = JSON.parse(String(request.body)) as {
        token: string;
        via: string;
        ip?: string;
      };
      askedFrom.push(ip);
      const key = keys.get(token);
      if (key && via === 'bearer') {
        if (key.revoked) return reply.code(401).send({ message: 'API key not found or revoked' });
        if (key.plan !== 'pro') return reply.code(403).send({ message: 'Upgrade to Pro' });
        return {
          identityToken: `jwt:key:${key.id}:${key.orgId}`,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
          identity: {
            userId: 1,
            orgId: key.orgId,
            role: 'member',
            email: '',
            name: 'API key',
            sessionId: `api_key:${key.id}`,
            apiKey: { id: key.id, scope: key.scope },
          },
        };
      }
      const live = sessions.get(token);
      if (!live || via !== 'cookie') return reply.code(401).send({ message: 'Session expired' });
      return {
        identityToken: `jwt:session:${live.userId}:${live.orgId}`,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        identity: { ...live, role: 'owner', email: 'a@example.com', name: 'A', sessionId: token },
      };
    });
    // What svc-identity's revoke does to the stand-in's keys.
    app.delete('/api/organization/api-keys/:id', async (request) => {
      const { id } = request.params as { id: string };
      for (const key of keys.values()) if (key.id === id) key.revoked = true;
      return { success: true };
    });
  });
  ingest = await startUpstream('ingest');
});
afterAll(async () => {
  await Promise.all([identity?.app.close(), ingest?.app.close()]);
});
beforeEach(() => {
  introspections = 0;
  askedFrom.length = 0;
  ingest.seen.length = 0;
});

const newKey = (overrides: Partial<TKey> = {}) => {
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  const token = `dfk_live_${id}_${randomUUID()}`;
  keys.set(token, { id, orgId: 7, scope: 'read', plan: 'pro', revoked: false, ...overrides });
  return { id, token };
};

async function startGateway(env: Record<string, string>) {
  const config = loadGatewayConfig({
    IDENTITY_URL: identity.url,
    INGEST_URL: ingest.url,
    SESSION_CACHE_TTL_MS: '60000',
    RATE_LIMIT_NAMESPACE: `gateway-api-keys-${randomUUID()}:`,
    SESSION_EVICTION_CHANNEL: `gateway-api-keys-${randomUUID()}`,
    ...env,
  });
  return buildGateway(config, { logger: false });
}

const records = (gateway: FastifyInstance, token: string, headers: Record<string, string> = {}) =>
  gateway.inject({
    method: 'GET',
    url: '/api/emails',
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

describe.each([
  ['with Redis (every replica shares the budget)', true],
  ['without Redis (in-process)', false],
])('API keys at the gateway, %s', (_label, withRedis) => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    if (withRedis && !hasRedis) return;
    gateway = await startGateway({
      REDIS_URL: withRedis ? 'redis://127.0.0.1:6379' : '',
      API_KEY_RATE_LIMIT_MAX: '5',
      RATE_LIMIT_FLUSH_MS: '1',
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it.skipIf(withRedis && !hasRedis)(
    'forwards a valid key as the identity JWT of its organization, and limits each key on its own',
    async () => {
      const first = newKey();
      const second = newKey();
      for (let i = 0; i < 5; i += 1) {
        const res = await records(gateway, first.token, { 'x-forwarded-for': `10.0.0.${i}` });
        expect(res.statusCode).toBe(200);
      }
      expect(ingest.seen.at(-1)?.headers['x-identity-token']).toBe(`jwt:key:${first.id}:7`);
      // Whatever address it comes from, the sixth request of the window is refused, with the seed's body.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await records(gateway, first.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(ingest.seen).toHaveLength(5);
      // Another key of the same organization has its own budget.
      expect((await records(gateway, second.token)).statusCode).toBe(200);
    },
  );

  it.skipIf(withRedis && !hasRedis)(
    'asks identity once per address a key is used from, so it can log each new address (issue 20)',
    async () => {
      const key = newKey();
      const from = (remoteAddress: string) =>
        gateway.inject({
          method: 'GET',
          url: '/api/emails',
          headers: { authorization: `Bearer ${key.token}` },
          remoteAddress,
        });
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      expect((await from('198.51.100.4')).statusCode).toBe(200);
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      expect((await from('198.51.100.4')).statusCode).toBe(200);
      expect(askedFrom).toEqual(['203.0.113.7', '198.51.100.4']);
    },
  );

  it.skipIf(withRedis && !hasRedis)(
    'a forged key spends no one’s budget and reaches the service anonymous',
    async () => {
      const key = newKey();
      const forged = `dfk_live_${key.id}_${'A'.repeat(36)}`;
      for (let i = 0; i < 8; i += 1) expect((await records(gateway, forged)).statusCode).toBe(200);
      expect(ingest.seen.every((seen) => seen.headers['x-identity-token'] === undefined)).toBe(true);
      expect((await records(gateway, key.token)).statusCode).toBe(200);
    },
  );
});

describe('revocation, plan and CSRF at the gateway', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await startGateway({ REDIS_URL: '' });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('refuses a revoked key from the next request on, though its answer was cached for a minute', async () => {
    const key = newKey({ orgId: 11 });
    sessions.set('owner-11', { userId: 110, orgId: 11 });
    expect((await records(gateway, key.token)).statusCode).toBe(200);
    const asked = introspections;
    expect((await records(gateway, key.token)).statusCode).toBe(200);
    expect(introspections).toBe(asked); // served from the cache

    const revoke = await gateway.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: { cookie: 'df_session=owner-11' },
    });
    expect(revoke.statusCode).toBe(200);
    const after = await records(gateway, key.token);
    expect(after.statusCode).toBe(200); // the stand-in ingest answers anyone: what matters is the identity
    expect(ingest.seen.at(-1)?.headers['x-identity-token']).toBeUndefined();
  });

  it('answers 403 (PLAN_REQUIRED) with the upgrade message to a key of an organization that is not on Pro', async () => {
    const key = newKey({ plan: 'basic' });
    const res = await records(gateway, key.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'API access is part of the Pro plan. Upgrade to Pro to create and use API keys.',
    });
    expect(ingest.seen).toHaveLength(0);
  });

  it('exempts a write authenticated by a valid key from the cross-site check, not one a forged key carries', async () => {
    const key = newKey({ scope: 'write' });
    sessions.set('victim', { userId: 5, orgId: 7 });
    const crossSite = {
      'sec-fetch-site': 'cross-site',
      cookie: 'df_session=victim',
      'content-type': 'message/rfc822',
    };
    const post = (token: string) =>
      gateway.inject({
        method: 'POST',
        url: '/api/emails',
        headers: { ...crossSite, authorization: `Bearer ${token}` },
        payload: 'Subject: hi\r\n\r\nbody',
      });
    expect((await post(key.token)).statusCode).toBe(200);
    expect(ingest.seen.at(-1)?.headers['x-identity-token']).toBe(`jwt:key:${key.id}:7`);
    const forged = await post(`dfk_live_${key.id}_${'B'.repeat(36)}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'Cross-site request refused' });
  });
});

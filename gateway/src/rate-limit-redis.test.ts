import { randomUUID } from 'node:crypto';
import { isAnswering } from '@dealflow/dev-stack';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

// With REDIS_URL the login limit is one counter for every gateway replica (the machine's Redis, 6379).
const hasRedis = await isAnswering(6379);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasRedis)('rate limits in Redis', () => {
  let identity: FastifyInstance;
  const replicas: FastifyInstance[] = [];

  beforeAll(async () => {
    identity = Fastify();
    identity.post('/api/auth/login', async () => ({ ok: true }));
    identity.get('/api/config', async () => ({ ok: true }));
    await identity.listen({ host: '127.0.0.1', port: 0 });
    const config = loadGatewayConfig({
      IDENTITY_URL: `http://127.0.0.1:${(identity.server.address() as { port: number }).port}`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_NAMESPACE: `gateway-test-${randomUUID()}:`,
      RATE_LIMIT_AUTH_MAX: '2',
      RATE_LIMIT_MAX: '4',
      RATE_LIMIT_FLUSH_MS: '20',
    });
    for (let i = 0; i < 2; i += 1) {
      const replica = await buildGateway(config, { logger: false });
      await replica.ready();
      replicas.push(replica);
    }
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await identity?.close();
  });

  it('counts login attempts across two gateway replicas', async () => {
    const [first, second] = replicas as [FastifyInstance, FastifyInstance];
    const login = (gateway: FastifyInstance) =>
      gateway.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await login(first)).statusCode).toBe(200);
    expect((await login(second)).statusCode).toBe(200);
    const refused = await login(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
  });

  it('shares the general /api limit: a budget spent at one replica is refused at the other', async () => {
    const [first, second] = replicas as [FastifyInstance, FastifyInstance];
    const read = (gateway: FastifyInstance) =>
      gateway.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.9.0.1' });
    for (let i = 0; i < 4; i += 1) expect((await read(first)).statusCode).toBe(200);
    await sleep(100); // the first replica's flush
    // The second learns the shared total at its own first flush: one request may pass before it.
    await read(second);
    await sleep(100);
    const refused = await read(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
  });
});

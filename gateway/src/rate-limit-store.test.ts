import { randomUUID } from 'node:crypto';
import { isAnswering } from '@dealflow/dev-stack';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedRedisStore, type TRateLimitStore } from './rate-limit-store.js';

// The machine's Redis (6379), as in production: two stores on one namespace are two gateway replicas.
const hasRedis = await isAnswering(6379);
const WINDOW_MS = 60_000;
const FLUSH_MS = 15;

const hit = (store: TRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    (
      store.incr as (
        key: string,
        cb: (e: Error | null, r?: { current: number; ttl: number }) => void,
        window: number,
      ) => void
    )(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      WINDOW_MS,
    ),
  );
// Generous, so a busy CI machine still flushes in time.
const afterFlush = () => new Promise((resolve) => setTimeout(resolve, 250));

describe.skipIf(!hasRedis)('batched Redis rate-limit store', () => {
  const nameSpace = `gateway-store-test-${randomUUID()}:`;
  const clients: Redis[] = [];
  let replicaA: TRateLimitStore;
  let replicaB: TRateLimitStore;
  let exactA: TRateLimitStore;
  let exactB: TRateLimitStore;
  let reader: Redis;

  beforeAll(() => {
    for (let i = 0; i < 3; i += 1) clients.push(new Redis('redis://127.0.0.1:6379', { lazyConnect: false }));
    const [a, b, r] = clients as [Redis, Redis, Redis];
    reader = r;
    const StoreA = batchedRedisStore({ redis: a, nameSpace, flushMs: FLUSH_MS });
    const StoreB = batchedRedisStore({ redis: b, nameSpace, flushMs: FLUSH_MS });
    const route = (exact: boolean) => ({ routeInfo: { method: 'GET', url: '/api/*' }, exact });
    const child = (Store: typeof StoreA, options: ReturnType<typeof route>) =>
      new Store({ timeWindow: WINDOW_MS }).child(
        options as unknown as Parameters<TRateLimitStore['child']>[0],
      );
    replicaA = child(StoreA, route(false));
    replicaB = child(StoreB, route(false));
    exactA = child(StoreA, { routeInfo: { method: 'POST', url: '/api/auth/login' }, exact: true });
    exactB = child(StoreB, { routeInfo: { method: 'POST', url: '/api/auth/login' }, exact: true });
  });
  afterAll(async () => {
    const keys = await reader.keys(`${nameSpace}*`);
    if (keys.length) await reader.del(...keys);
    clients.forEach((client) => client.disconnect());
  });

  it('answers at once from memory and adds the hits to Redis in one write per flush', async () => {
    // A slow flush here, so that "nothing sent yet" holds on a busy machine too.
    const SlowStore = batchedRedisStore({ redis: clients[0] as Redis, nameSpace, flushMs: 400 });
    const slow = new SlowStore({ timeWindow: WINDOW_MS }).child({
      routeInfo: { method: 'GET', url: '/api/*' },
    } as unknown as Parameters<TRateLimitStore['child']>[0]);
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await hit(slow, '10.0.0.1'));
    expect(results.map((r) => r.current)).toEqual([1, 2, 3, 4, 5]);
    expect(results.every((r) => r.ttl > 0 && r.ttl <= WINDOW_MS)).toBe(true);
    const redisKey = `${nameSpace}GET/api/*-10.0.0.1`;
    expect(await reader.get(redisKey)).toBeNull(); // nothing sent yet: still gathering
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await reader.get(redisKey)).toBe('5');
    const ttl = await reader.pttl(redisKey);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5000);
  });

  it("shares one budget between replicas: each learns the others' hits from Redis when it flushes", async () => {
    for (let i = 0; i < 4; i += 1) await hit(replicaA, '10.0.0.2');
    await afterFlush();
    for (let i = 0; i < 3; i += 1) await hit(replicaB, '10.0.0.2');
    await afterFlush();
    // B's flush answered 7: its next hit counts A's four too.
    expect((await hit(replicaB, '10.0.0.2')).current).toBe(8);
    // A last heard 4 from Redis: one more of its own, then its flush brings the others' in.
    expect((await hit(replicaA, '10.0.0.2')).current).toBe(5);
    await afterFlush();
    expect((await hit(replicaA, '10.0.0.2')).current).toBe(10);
    await afterFlush();
    expect(await reader.get(`${nameSpace}GET/api/*-10.0.0.2`)).toBe('10');
  });

  it('keeps other clients apart', async () => {
    await hit(replicaA, '10.0.0.3');
    expect((await hit(replicaA, '10.0.0.4')).current).toBe(1);
  });

  it('counts exact routes in Redis on every hit, across replicas', async () => {
    expect((await hit(exactA, '10.0.0.5')).current).toBe(1);
    expect((await hit(exactB, '10.0.0.5')).current).toBe(2);
    expect((await hit(exactA, '10.0.0.5')).current).toBe(3);
    expect(await reader.get(`${nameSpace}POST/api/auth/login-10.0.0.5`)).toBe('3');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createThrottle } from './throttle.js';

const options = { maxFailuresPerAccount: 3, maxFailuresPerIp: 5, blockSeconds: 60, passwordResetsPerHour: 2 };
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
});
afterAll(() => redis.disconnect());

describe.each([
  ['in memory', () => createThrottle({ ...options, redis: null })],
  ['in Redis', () => createThrottle({ ...options, redis, keyPrefix: `test-${randomUUID()}` })],
])('login throttle %s', (_name, make) => {
  it('blocks an account after consecutive failures, from any IP, and a success clears the count', async () => {
    const throttle = make();
    await throttle.recordLoginFailure('a@x.test', '1.1.1.1');
    await throttle.recordLoginFailure('a@x.test', '1.1.1.2');
    expect(await throttle.isLoginBlocked('a@x.test', '1.1.1.3')).toBe(false);
    await throttle.recordLoginSuccess('a@x.test');
    await throttle.recordLoginFailure('a@x.test', '1.1.1.1');
    await throttle.recordLoginFailure('a@x.test', '1.1.1.2');
    expect(await throttle.isLoginBlocked('a@x.test', '9.9.9.9')).toBe(false);
    await throttle.recordLoginFailure('a@x.test', '1.1.1.3');
    expect(await throttle.isLoginBlocked('a@x.test', '9.9.9.9')).toBe(true);
    expect(await throttle.isLoginBlocked('b@x.test', '9.9.9.9')).toBe(false);
  });

  it('blocks an IP that fails on many accounts', async () => {
    const throttle = make();
    for (let i = 0; i < 5; i++) await throttle.recordLoginFailure(`user${i}@x.test`, '2.2.2.2');
    expect(await throttle.isLoginBlocked('fresh@x.test', '2.2.2.2')).toBe(true);
    expect(await throttle.isLoginBlocked('fresh@x.test', '3.3.3.3')).toBe(false);
  });

  it('limits password reset requests per email', async () => {
    const throttle = make();
    expect(await throttle.allowPasswordReset('r@x.test', '4.4.4.4')).toBe(true);
    expect(await throttle.allowPasswordReset('r@x.test', '4.4.4.5')).toBe(true);
    expect(await throttle.allowPasswordReset('r@x.test', '4.4.4.6')).toBe(false);
  });
});

describe('login throttle with Redis unreachable', () => {
  it('falls back to the in-process limiter instead of failing sign-ins', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    down.on('error', () => undefined);
    const throttle = createThrottle({ ...options, redis: down, keyPrefix: `down-${randomUUID()}` });
    for (let i = 0; i < 3; i++) await throttle.recordLoginFailure('d@x.test', '5.5.5.5');
    expect(await throttle.isLoginBlocked('d@x.test', '5.5.5.6')).toBe(true);
    down.disconnect();
  });
});

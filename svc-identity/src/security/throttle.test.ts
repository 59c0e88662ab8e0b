import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createThrottle } from './throttle.js';

const options = {
  maxFailuresPerAccountIp: 3,
  maxFailuresPerAccount: 8,
  maxFailuresPerIp: 10,
  blockSeconds: 60,
  passwordResetsPerHour: 2,
  resetAttemptsPerIp: 4,
  resetAttemptsPerToken: 2,
};
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
});
afterAll(() => redis.disconnect());

describe.each([
  ['in memory', () => createThrottle({ ...options, redis: null })],
  ['in Redis', () => createThrottle({ ...options, redis, keyPrefix: `test-${randomUUID()}` })],
])('login throttle %s', (_name, make) => {
  it('backs off an (account, IP) pair after consecutive failures; the owner elsewhere is not blocked', async () => {
    const throttle = make();
    expect(await throttle.recordLoginFailure('a@x.test', '1.1.1.1')).toBeNull();
    expect(await throttle.recordLoginFailure('a@x.test', '1.1.1.1')).toBeNull();
    expect(await throttle.isLoginBlocked('a@x.test', '1.1.1.1')).toBe(false);
    await throttle.recordLoginSuccess('a@x.test', '1.1.1.1');
    await throttle.recordLoginFailure('a@x.test', '1.1.1.1');
    await throttle.recordLoginFailure('a@x.test', '1.1.1.1');
    expect(await throttle.recordLoginFailure('a@x.test', '1.1.1.1')).toBe('account-ip');
    expect(await throttle.isLoginBlocked('a@x.test', '1.1.1.1')).toBe(true);
    expect(await throttle.isLoginBlocked('a@x.test', '9.9.9.9')).toBe(false);
    expect(await throttle.isLoginBlocked('b@x.test', '1.1.1.1')).toBe(false);
    // Engaged once: further failures do not report (and email) it again.
    expect(await throttle.recordLoginFailure('a@x.test', '1.1.1.1')).toBeNull();
  });

  it('stops an account at its much higher ceiling across addresses', async () => {
    const throttle = make();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await throttle.recordLoginFailure('c@x.test', `7.7.7.${i}`));
    expect(answers).toEqual([...Array<null>(7).fill(null), 'account']);
    expect(await throttle.isLoginBlocked('c@x.test', '8.8.8.8')).toBe(true);
  });

  it('blocks an IP that fails on many accounts', async () => {
    const throttle = make();
    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(`user${i}@x.test`, '2.2.2.2');
    expect(await throttle.isLoginBlocked('fresh@x.test', '2.2.2.2')).toBe(true);
    expect(await throttle.isLoginBlocked('fresh@x.test', '3.3.3.3')).toBe(false);
  });

  it('limits attempts with a reset token per token and per IP', async () => {
    const throttle = make();
    expect(await throttle.allowResetAttempt('t1', '6.6.6.1')).toBe(true);
    expect(await throttle.allowResetAttempt('t1', '6.6.6.2')).toBe(true);
    expect(await throttle.allowResetAttempt('t1', '6.6.6.3')).toBe(false);
    for (const token of ['t2', 't3', 't4', 't5'])
      expect(await throttle.allowResetAttempt(token, '6.6.6.9')).toBe(true);
    expect(await throttle.allowResetAttempt('t6', '6.6.6.9')).toBe(false);
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
    expect(await throttle.isLoginBlocked('d@x.test', '5.5.5.5')).toBe(true);
    down.disconnect();
  });
});

import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface TThrottleOptions {
  redis: Redis | null | undefined;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  blockSeconds: number;
  passwordResetsPerHour: number;
  keyPrefix?: string;
}

/** Throttles sign-in failures per account and per IP, and password-reset requests (Redis when set). */
export interface TThrottle {
  /** True when this email or IP may not try to sign in right now. */
  isLoginBlocked(email: string, ip: string): Promise<boolean>;
  recordLoginFailure(email: string, ip: string): Promise<void>;
  recordLoginSuccess(email: string): Promise<void>;
  /** Consumes one reset request; false when over the limit. */
  allowPasswordReset(email: string, ip: string): Promise<boolean>;
}

export function createThrottle(options: TThrottleOptions): TThrottle {
  const prefix = options.keyPrefix ?? 'identity';
  const make = (
    keyPrefix: string,
    points: number,
    duration: number,
    blockDuration: number,
  ): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({
      keyPrefix: `${prefix}:${keyPrefix}`,
      points,
      duration,
      blockDuration,
    });
    // With Redis unreachable the in-process limiter stands in, so sign-in keeps working (and keeps throttling).
    return options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix: `${prefix}:${keyPrefix}`,
          points,
          duration,
          blockDuration,
          insuranceLimiter: memory,
        })
      : memory;
  };

  const byAccount = make(
    'login-account',
    options.maxFailuresPerAccount,
    options.blockSeconds,
    options.blockSeconds,
  );
  const byIp = make('login-ip', options.maxFailuresPerIp, 3600, options.blockSeconds);
  const resetsByEmail = make('reset-email', options.passwordResetsPerHour, 3600, 0);
  const resetsByIp = make('reset-ip', options.passwordResetsPerHour * 4, 3600, 0);

  const isOver = (res: RateLimiterRes | null, points: number) => res !== null && res.consumedPoints >= points;
  const consume = async (limiter: RateLimiterAbstract, key: string): Promise<boolean> => {
    try {
      await limiter.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  };

  return {
    async isLoginBlocked(email, ip) {
      const [account, address] = await Promise.all([byAccount.get(email), byIp.get(ip)]);
      return isOver(account, options.maxFailuresPerAccount) || isOver(address, options.maxFailuresPerIp);
    },
    async recordLoginFailure(email, ip) {
      await Promise.all([consume(byAccount, email), consume(byIp, ip)]);
    },
    async recordLoginSuccess(email) {
      await byAccount.delete(email);
    },
    async allowPasswordReset(email, ip) {
      const [a, b] = await Promise.all([consume(resetsByEmail, email), consume(resetsByIp, ip)]);
      return a && b;
    },
  };
}

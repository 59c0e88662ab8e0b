import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface TThrottleOptions {
  redis: Redis | null | undefined;
  /** Consecutive failures of one account from one IP before that pair backs off for blockSeconds. */
  maxFailuresPerAccountIp: number;
  /** Failures of one account per hour, from any IP, before the account itself waits (much higher). */
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  blockSeconds: number;
  passwordResetsPerHour: number;
  resetAttemptsPerIp: number;
  resetAttemptsPerToken: number;
  keyPrefix?: string;
}

/** Which limit a failed sign-in has just reached (the owner is told), or null. */
export type TLoginBackoff = 'account-ip' | 'account' | null;

/**
 * Throttles sign-in failures and password-reset requests (Redis when set). Sign-in failures back off per
 * (account, IP) pair, so a stranger failing from their address cannot lock the owner out of theirs; a
 * per-account ceiling across addresses is much higher (a distributed guesser), and a per-IP one catches
 * an address trying many accounts. No CAPTCHA: the pair waits blockSeconds.
 */
export interface TThrottle {
  /** True when this email may not try to sign in from this IP right now. */
  isLoginBlocked(email: string, ip: string): Promise<boolean>;
  /** Counts a failure; answers which limit this very failure reached (once per engagement), or null. */
  recordLoginFailure(email: string, ip: string): Promise<TLoginBackoff>;
  recordLoginSuccess(email: string, ip: string): Promise<void>;
  /** Consumes one reset request; false when over the limit. */
  allowPasswordReset(email: string, ip: string): Promise<boolean>;
  /** Consumes one attempt to use a reset token (per token digest and per IP); false when over either limit. */
  allowResetAttempt(tokenHash: string, ip: string): Promise<boolean>;
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

  const byAccountIp = make(
    'login-account-ip',
    options.maxFailuresPerAccountIp,
    options.blockSeconds,
    options.blockSeconds,
  );
  const byAccount = make('login-account', options.maxFailuresPerAccount, 3600, options.blockSeconds);
  const byIp = make('login-ip', options.maxFailuresPerIp, 3600, options.blockSeconds);
  const resetsByEmail = make('reset-email', options.passwordResetsPerHour, 3600, 0);
  const resetsByIp = make('reset-ip', options.passwordResetsPerHour * 4, 3600, 0);
  const resetAttemptsByIp = make('reset-attempt-ip', options.resetAttemptsPerIp, 3600, 0);
  const resetAttemptsByToken = make('reset-attempt-token', options.resetAttemptsPerToken, 3600, 0);

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
  /** Consumes one point; true when this point is the one that reaches the limit. */
  const reaches = async (limiter: RateLimiterAbstract, key: string, points: number): Promise<boolean> => {
    try {
      return (await limiter.consume(key)).consumedPoints === points;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  };
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  return {
    async isLoginBlocked(email, ip) {
      const [pair, account, address] = await Promise.all([
        byAccountIp.get(pairKey(email, ip)),
        byAccount.get(email),
        byIp.get(ip),
      ]);
      return (
        isOver(pair, options.maxFailuresPerAccountIp) ||
        isOver(account, options.maxFailuresPerAccount) ||
        isOver(address, options.maxFailuresPerIp)
      );
    },
    async recordLoginFailure(email, ip) {
      const [pair, account] = await Promise.all([
        reaches(byAccountIp, pairKey(email, ip), options.maxFailuresPerAccountIp),
        reaches(byAccount, email, options.maxFailuresPerAccount),
        consume(byIp, ip),
      ]);
      return account ? 'account' : pair ? 'account-ip' : null;
    },
    async recordLoginSuccess(email, ip) {
      // The owner's own address starts afresh; the account's hourly ceiling is left to expire, or a guesser
      // could reset it by watching for the owner.
      await byAccountIp.delete(pairKey(email, ip));
    },
    async allowPasswordReset(email, ip) {
      const [a, b] = await Promise.all([consume(resetsByEmail, email), consume(resetsByIp, ip)]);
      return a && b;
    },
    async allowResetAttempt(tokenHash, ip) {
      const [a, b] = await Promise.all([
        consume(resetAttemptsByIp, ip),
        consume(resetAttemptsByToken, tokenHash),
      ]);
      return a && b;
    },
  };
}

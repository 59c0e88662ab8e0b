import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/**
 * Limits on the account emails a signed-in user can set off (verification "Resend", email change
 * requests): each mail lands in an inbox, and the change mail in someone else's. Per user and per IP, an
 * hour each; Redis when there is one (every replica counts together), memory otherwise.
 */
export const ACCOUNT_MAIL_LIMITS = {
  perUserPerHour: 5,
  perIpPerHour: 20,
} as const;

export interface TAccountThrottle {
  /** Consumes one account email for this user and IP; false when either is over its hourly limit. */
  allowAccountEmail(userId: number, ip: string): Promise<boolean>;
}

export function createAccountThrottle(options: {
  redis: Redis | null | undefined;
  keyPrefix?: string;
}): TAccountThrottle {
  const prefix = `${options.keyPrefix ?? 'identity'}:account-mail`;
  const make = (name: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}-${name}`, points, duration: 3600 });
    return options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix: `${prefix}-${name}`,
          points,
          duration: 3600,
          insuranceLimiter: memory,
        })
      : memory;
  };
  const byUser = make('user', ACCOUNT_MAIL_LIMITS.perUserPerHour);
  const byIp = make('ip', ACCOUNT_MAIL_LIMITS.perIpPerHour);
  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  };
  return {
    async allowAccountEmail(userId, ip) {
      // Both are counted: a user spreading over addresses, and an address cycling through accounts.
      const [user, address] = await Promise.all([consume(byUser, String(userId)), consume(byIp, ip)]);
      return user && address;
    },
  };
}

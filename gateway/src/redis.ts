import { Redis } from 'ioredis';

type TLog = { warn: (obj: object, msg: string) => void };

/**
 * The gateway's Redis connection (rate-limit counters, session eviction messages): commands fail at once
 * while Redis is away instead of queueing, so an outage never holds a request.
 */
export async function connectRedis(log: TLog, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned)
      log.warn({ err: error }, 'Redis unavailable: limits and session evictions stay local until it returns');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  // Give Redis a moment to connect so the first requests are counted (they pass uncounted otherwise).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

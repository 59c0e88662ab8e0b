import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type TIncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/**
 * What @fastify/rate-limit really passes to `child` (its typings say RouteOptions): the plugin's options
 * merged with the route's `config.rateLimit`, which may carry our own `exact` flag, and the route.
 */
interface TMergedRouteOptions {
  timeWindow?: unknown;
  routeInfo: { method: string | string[]; url: string };
  /** Count this route's hits in Redis one by one (login, register, forgot-password). */
  exact?: boolean;
}
export type TRateLimitStore = FastifyRateLimitStore;

/** INCRBY with the window's expiry set by whoever starts it; answers the total and the time left. */
const ADD_HITS = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[1])
  if current == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return { current, ttl }
`;

type TRedisWithScript = Redis & {
  gatewayAddHits(
    key: string,
    hits: number,
    windowMs: number,
    callback: (error: Error | null, result: [number, number]) => void,
  ): void;
};

interface TCounter {
  /** The total Redis last reported for this window (every replica's hits). */
  known: number;
  /** Hits sent to Redis, not answered yet. */
  inflight: number;
  /** Hits not sent yet. */
  pending: number;
  windowMs: number;
  windowEnds: number;
}

export interface BatchedStoreOptions {
  redis: Redis;
  nameSpace: string;
  /** How long hits are gathered before one pipelined write sends them all (ms). */
  flushMs: number;
}

/**
 * A Redis store for @fastify/rate-limit that does not cost a Redis round trip per request. Each gateway
 * replica counts hits in memory and adds them to the shared Redis counter in one pipelined write every
 * `flushMs`; a request is judged on the total Redis answered at this replica's last flush plus its
 * hits since. The limit is one budget shared by all replicas; it can be overrun by what the replicas
 * admit before their next flush tells them the others' hits (one flush interval of traffic each).
 * Routes marked `exact` (login, register, password reset: small limits that guard against guessing)
 * count every hit in Redis before answering, like the plugin's own Redis store. When Redis is
 * unreachable each replica goes on counting alone.
 */
export function batchedRedisStore(options: BatchedStoreOptions): FastifyRateLimitStoreCtor {
  const redis = options.redis as TRedisWithScript;
  if (typeof redis.gatewayAddHits !== 'function')
    redis.defineCommand('gatewayAddHits', { numberOfKeys: 1, lua: ADD_HITS });

  const counters = new Map<string, TCounter>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    if (!dirty.size) return;
    const pipeline = redis.pipeline();
    const batch: Array<{ counter: TCounter; hits: number }> = [];
    for (const key of dirty) {
      const counter = counters.get(key);
      if (!counter || counter.pending === 0) continue;
      const hits = counter.pending;
      counter.pending = 0;
      counter.inflight += hits;
      batch.push({ counter, hits });
      (pipeline as unknown as TRedisWithScript).gatewayAddHits(key, hits, counter.windowMs, () => undefined);
    }
    dirty.clear();
    pipeline.exec((error, results) => {
      const now = Date.now();
      batch.forEach(({ counter, hits }, index) => {
        counter.inflight -= hits;
        const [commandError, reply] = results?.[index] ?? [error ?? new Error('no reply'), null];
        if (commandError || !Array.isArray(reply)) {
          counter.known += hits; // Redis unreachable: keep counting here
          return;
        }
        counter.known = Number(reply[0]);
        counter.windowEnds = now + Number(reply[1]);
      });
    });
  };

  const counterFor = (key: string, windowMs: number, now: number): TCounter => {
    let counter = counters.get(key);
    if (!counter || (now >= counter.windowEnds && counter.inflight === 0)) {
      counter = { known: 0, inflight: 0, pending: 0, windowMs, windowEnds: now + windowMs };
      counters.set(key, counter);
    }
    return counter;
  };

  // Forget counters whose window ended (one pass a second; a window is at least a second).
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, counter] of counters) {
      if (now >= counter.windowEnds && counter.pending === 0 && counter.inflight === 0) counters.delete(key);
    }
  }, 1000);
  sweeper.unref();

  class BatchedStore implements TRateLimitStore {
    private readonly windowMs: number;

    constructor(
      params: { timeWindow?: unknown },
      private readonly prefix = options.nameSpace,
      private readonly exact = false,
    ) {
      this.windowMs = typeof params.timeWindow === 'number' ? params.timeWindow : 60_000;
    }

    /** The plugin calls incr(key, callback, timeWindow, max); its typings list only the first two. */
    incr(key: string, callback: TIncrCallback, timeWindow: number = this.windowMs): void {
      const fullKey = this.prefix + key;
      if (this.exact) {
        redis.gatewayAddHits(fullKey, 1, timeWindow, (error, reply) => {
          if (error) callback(error);
          else callback(null, { current: Number(reply[0]), ttl: Number(reply[1]) });
        });
        return;
      }
      const now = Date.now();
      const counter = counterFor(fullKey, timeWindow, now);
      counter.pending += 1;
      dirty.add(fullKey);
      if (!timer) {
        timer = setTimeout(flush, options.flushMs);
        timer.unref();
      }
      callback(null, {
        current: counter.known + counter.inflight + counter.pending,
        ttl: Math.max(0, counter.windowEnds - now),
      });
    }

    child(routeOptions: Parameters<TRateLimitStore['child']>[0]): TRateLimitStore {
      const merged = routeOptions as unknown as TMergedRouteOptions;
      const { method, url } = merged.routeInfo;
      return new BatchedStore(merged, `${options.nameSpace}${String(method)}${url}-`, merged.exact === true);
    }
  }
  return BatchedStore;
}

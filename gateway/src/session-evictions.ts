import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { IdentityClient, TEviction } from './identity.js';

/** What one replica tells the others (bounded: a message is parsed before anything else is done with it). */
const ZEvictionMessage = z.object({
  from: z.string().max(64),
  digests: z.array(z.string().max(64)).max(16).optional(),
  users: z.array(z.number().int()).max(16).optional(),
  orgs: z.array(z.number().int()).max(16).optional(),
  all: z.boolean().optional(),
});

/** A publish that Redis has not answered by then is given up (the other replicas' entries expire anyway). */
const PUBLISH_TIMEOUT_MS = 250;

type TLog = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/**
 * Session evictions seen by every gateway replica. A replica applies its own at once and publishes them
 * on a Redis channel; the others apply what they receive. Push only: no Redis call on a request's path,
 * except the one publish after a write that ends sessions. Without Redis the eviction stays in this
 * process. While the subscription is down messages are lost, so when it comes back the whole cache is
 * dropped (it lives seconds; the next reads ask identity again).
 */
export class SessionEvictions {
  private readonly id = randomUUID();
  private subscriber: Redis | null = null;
  private subscribedOnce = false;
  /** Messages received from other replicas (tests, logs). */
  received = 0;

  constructor(
    private readonly identity: IdentityClient,
    private readonly redis: Redis | null,
    private readonly channel: string,
    private readonly log: TLog,
  ) {}

  async start(): Promise<void> {
    if (!this.redis) return;
    // A subscribed connection can do nothing else: a second one, which queues while reconnecting.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined); // the shared connection already warns about an outage
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    subscriber.on('ready', () => {
      // Messages sent while this replica was not listening are lost: forget everything instead.
      if (this.subscribedOnce) {
        this.identity.evict({ all: true });
        this.log.info({ channel: this.channel }, 'session evictions resubscribed: cache dropped');
      }
    });
    await Promise.race([
      subscriber.subscribe(this.channel).then(() => (this.subscribedOnce = true)),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]).catch((error: unknown) =>
      this.log.warn({ err: error }, 'session evictions: not subscribed, other replicas are not heard'),
    );
  }

  /** Applies an eviction here, then tells the other replicas (resolves once Redis took it, or gave up). */
  async publish(eviction: TEviction): Promise<void> {
    this.identity.evict(eviction);
    if (!this.redis) return;
    const message = JSON.stringify({ from: this.id, ...eviction });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.redis.publish(this.channel, message),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('publish timed out')), PUBLISH_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.log.warn({ err: error }, 'session eviction not published: other replicas rely on their cache TTL');
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }

  private receive(text: string): void {
    let parsed;
    try {
      parsed = ZEvictionMessage.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.from === this.id) return;
    this.received += 1;
    const { from: _from, ...eviction } = parsed.data;
    this.identity.evict(eviction);
  }
}

import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool, type Dispatcher } from 'undici';

/** `http://host:port/base` -> its origin and its path without the trailing slash. */
export function splitUrl(url: string): { origin: string; base: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, base: parsed.pathname.replace(/\/+$/, '') };
}

export interface UpstreamPoolOptions {
  /** Keep-alive connections per instance. */
  connections: number;
  /** Connect, headers and body timeouts (ms). */
  timeoutMs: number;
  /**
   * With more than one instance, each instance's `/readyz` is asked this often (0: never); one that
   * does not answer 200 (draining, starting, stopped) gets no new requests while another one does.
   */
  healthIntervalMs?: number;
}

interface Instance {
  origin: string;
  base: string;
  pool: Pool;
  /** Its last `/readyz` answer was 200 (true until asked). */
  ready: boolean;
  /** A connection to it was refused or reset: skipped until then. */
  downUntil: number;
}

export interface UpstreamRequest {
  /** Path and query string below the instance's base path. */
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string | string[]>;
  body?: string | Readable;
  /**
   * The request may be sent again after a reset connection (the methods RFC 9110 calls idempotent are
   * by default; a read-only POST such as a session introspection may say so).
   */
  idempotent?: boolean;
  /**
   * A 404 is asked again this many times (GET and HEAD only), each time on a new connection to the next
   * instance, after 25, 50, 100... ms; the last answer is returned. For paths that exist in some release
   * or none (a remote's content-hashed chunks): during a rollout old and new instances serve together, and
   * a page holding the new entry may ask an old one. A new connection matters in a cluster, where the one
   * URL is a Service that balances per connection: a kept-alive one would reach the same pod again.
   */
  retryNotFound?: number;
}

/** The first retry of a 404 waits this long, each next one twice as long. */
const NOT_FOUND_BACKOFF_MS = 25;
/** How long an instance that refused or reset a connection is passed over (unless no other is left). */
const DOWN_MS = 1000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
/** Nothing reached the instance: safe to send anywhere else, whatever the method. */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** The connection broke before an answer: the request may or may not have been seen. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

const codeOf = (error: unknown): string => {
  const err = error as { code?: string; cause?: { code?: string } } | null;
  return err?.cause?.code ?? err?.code ?? '';
};

/**
 * The instances of one upstream (a service's replicas, or a remote's static servers), each with its
 * own keep-alive undici pool. Requests go round-robin over the instances that are ready; a connection
 * that is refused is retried on the next instance (nothing was sent), and one that is reset before an
 * answer is retried only when the request is idempotent and its body has not started to flow. So a
 * rolling restart of the instances behind one gateway loses no request. In a cluster, where one URL (a
 * Kubernetes Service) stands for all replicas, the group holds one instance and behaves as a plain pool.
 */
export class UpstreamGroup {
  private readonly instances: Instance[];
  private next = 0;
  private readonly timer: NodeJS.Timeout | null = null;

  constructor(
    urls: readonly string[],
    private readonly options: UpstreamPoolOptions,
  ) {
    if (urls.length === 0) throw new Error('An upstream needs at least one URL');
    this.instances = urls.map((url) => {
      const { origin, base } = splitUrl(url);
      const pool = new Pool(origin, {
        connections: options.connections,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connectTimeout: Math.min(options.timeoutMs, 10_000),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      return { origin, base, pool, ready: true, downUntil: 0 };
    });
    const interval = options.healthIntervalMs ?? 0;
    if (this.instances.length > 1 && interval > 0) {
      this.timer = setInterval(() => void this.checkReadiness(), interval);
      this.timer.unref();
    }
  }

  get size(): number {
    return this.instances.length;
  }

  /** The instances to try, in order: ready and not recently failed first (round-robin), then the rest. */
  private candidates(): Instance[] {
    const count = this.instances.length;
    if (count === 1) return this.instances;
    const start = this.next;
    this.next = (this.next + 1) % count;
    const rotated = this.instances.map((_, i) => this.instances[(start + i) % count] as Instance);
    const now = Date.now();
    const usable = (instance: Instance) => instance.ready && instance.downUntil <= now;
    return [...rotated.filter(usable), ...rotated.filter((instance) => !usable(instance))];
  }

  /**
   * Sends the request to one instance, trying the next when a connection is refused (or reset, for an
   * idempotent request whose body has not flowed). Rejects with the last instance's undici error.
   */
  async request(request: UpstreamRequest): Promise<Dispatcher.ResponseData> {
    const candidates = this.candidates();
    const idempotent = request.idempotent ?? IDEMPOTENT.has(request.method);
    let lastError: unknown;
    for (const [index, instance] of candidates.entries()) {
      // undici destroys a stream body when the attempt fails: it gets a wrapper that touches the
      // client's stream only once undici starts reading, so an unsent body can go to the next instance.
      const body = typeof request.body === 'object' ? lazyBody(request.body) : null;
      try {
        const response = await instance.pool.request({
          path: instance.base + request.path,
          method: request.method,
          headers: request.headers,
          body: body ? body.stream : request.body,
        });
        return await this.retryNotFound(request, response, candidates, index);
      } catch (error) {
        lastError = error;
        const code = codeOf(error);
        const retry = !body?.started() && (NOT_SENT.has(code) || (idempotent && BROKEN.has(code)));
        if (NOT_SENT.has(code) || BROKEN.has(code)) instance.downUntil = Date.now() + DOWN_MS;
        if (!retry) throw error;
      }
    }
    throw lastError;
  }

  /**
   * While the answer is a 404 and `request.retryNotFound` allows, asks the next instances (in `candidates`
   * order, wrapping) on a new connection each, with a growing pause. A retry that fails to connect counts
   * as an attempt; the last answer received (the first 404 if nothing else came) is returned.
   */
  private async retryNotFound(
    request: UpstreamRequest,
    first: Dispatcher.ResponseData,
    candidates: readonly Instance[],
    answered: number,
  ): Promise<Dispatcher.ResponseData> {
    const attempts = request.method === 'GET' || request.method === 'HEAD' ? (request.retryNotFound ?? 0) : 0;
    let response = first;
    for (let attempt = 1; attempt <= attempts && response.statusCode === 404; attempt += 1) {
      await sleep(NOT_FOUND_BACKOFF_MS * 2 ** (attempt - 1));
      const instance = candidates[(answered + attempt) % candidates.length] as Instance;
      const client = new Client(instance.origin, {
        pipelining: 1,
        connectTimeout: Math.min(this.options.timeoutMs, 10_000),
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      try {
        const retried = await client.request({
          path: instance.base + request.path,
          method: request.method,
          headers: request.headers,
        });
        await response.body.dump();
        response = retried;
      } catch {
        // Not reachable now: the answer already in hand stands unless a later attempt gets another.
      } finally {
        // Closes once the answer's body has been read (or at once if none came).
        void client.close();
      }
    }
    return response;
  }

  /** Asks every instance's /readyz once (an instance that does not answer 200 in time is not ready). */
  async checkReadiness(): Promise<void> {
    const timeout = Math.min(this.options.healthIntervalMs || 1000, 2000);
    await Promise.all(
      this.instances.map(async (instance) => {
        try {
          const response = await instance.pool.request({
            path: `${instance.base}/readyz`,
            method: 'GET',
            headersTimeout: timeout,
            bodyTimeout: timeout,
          });
          await response.body.dump();
          instance.ready = response.statusCode === 200;
        } catch {
          instance.ready = false;
        }
      }),
    );
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.instances.map((instance) => instance.pool.close()));
  }
}

/**
 * A stream that starts reading `source` at its own first read, and destroys it only after that: until
 * then the source is left as it was (another attempt can still send it).
 */
function lazyBody(source: Readable): { stream: Readable; started: () => boolean } {
  let started = false;
  const stream: Readable = new Readable({
    read() {
      if (started) {
        source.resume();
        return;
      }
      started = true;
      source.on('data', (chunk: Buffer) => {
        if (!stream.push(chunk)) source.pause();
      });
      source.once('end', () => stream.push(null));
      source.once('error', (error) => stream.destroy(error));
    },
    destroy(error, callback) {
      if (started && !source.destroyed) source.destroy(error ?? undefined);
      callback(error);
    },
  });
  return { stream, started: () => started };
}

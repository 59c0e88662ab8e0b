import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';

/**
 * Hop-by-hop headers (RFC 9110 section 7.6.1), the ones the client library sets itself, and `expect`: the
 * gateway's own server has already answered `100-continue` (Node does), and undici refuses the header.
 */
const HOP_BY_HOP = new Set([
  'expect',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

/** Client headers the services must never see from outside: only the gateway sets them. */
export const GATEWAY_ONLY_HEADERS: ReadonlySet<string> = new Set(['x-identity-token', 'x-internal-token']);

/** `http://host:port/base` -> its origin and its path without the trailing slash. */
export function splitUrl(url: string): { origin: string; base: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, base: parsed.pathname.replace(/\/+$/, '') };
}

export interface ProxyOptions {
  /** Keep-alive connections per upstream origin. */
  connections: number;
  /** Connect, headers and body timeouts (ms). */
  timeoutMs: number;
}

export interface ForwardOptions {
  origin: string;
  /** Path and query string as the upstream should see them. */
  path: string;
  /** Headers to add or replace (after the client's, minus hop-by-hop ones and `drop`). */
  set?: Record<string, string>;
  /** Client headers never passed on (e.g. x-identity-token, which only the gateway may set). */
  drop?: ReadonlySet<string>;
  /** Awaited once the upstream's status is known, before the client hears it. */
  beforeSend?: (statusCode: number) => Promise<void>;
}

/**
 * The gateway's reverse proxy: one keep-alive undici pool per upstream origin, request bodies and
 * answers streamed through untouched (webhook signatures are computed over the raw bytes), hop-by-hop
 * headers dropped both ways. It does only what the gateway needs (it replaced @fastify/reply-from on the
 * API path, whose general-purpose hooks showed in the bench). A failed attempt rejects with
 * undici's error for the caller to map to 502/503/504; nothing is retried (writes are not idempotent).
 */
export class UpstreamProxy {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: ProxyOptions) {}

  async forward(request: FastifyRequest, reply: FastifyReply, target: ForwardOptions): Promise<FastifyReply> {
    const headers: Record<string, string | string[]> = {};
    const incoming: IncomingHttpHeaders = request.headers;
    for (const name in incoming) {
      const value = incoming[name];
      if (value === undefined || HOP_BY_HOP.has(name) || target.drop?.has(name)) continue;
      headers[name] = value;
    }
    if (target.set) Object.assign(headers, target.set);

    const method = request.method as 'GET';
    const body = isStream(request.body) ? request.body : undefined;
    const response = await this.pool(target.origin).request({ path: target.path, method, headers, body });

    if (target.beforeSend) await target.beforeSend(response.statusCode);
    reply.code(response.statusCode);
    for (const name in response.headers) {
      const value = response.headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    return reply.send(response.body);
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connections,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connectTimeout: Math.min(this.options.timeoutMs, 10_000),
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}

export const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';

import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UpstreamGroup, type UpstreamPoolOptions } from '@dealflow/service-kit';

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

export type ProxyOptions = UpstreamPoolOptions;

export interface ForwardOptions {
  /** The upstream's instances (from `UpstreamProxy.group`). */
  upstream: UpstreamGroup;
  /** Path and query string below the instance's base path. */
  path: string;
  /** Headers to add or replace (after the client's, minus hop-by-hop ones and `drop`). */
  set?: Record<string, string>;
  /** Client headers never passed on (e.g. x-identity-token, which only the gateway may set). */
  drop?: ReadonlySet<string>;
  /** A 404 is asked again this many times on other instances/connections (UpstreamRequest.retryNotFound). */
  retryNotFound?: number;
  /** Answer headers set over the upstream's (e.g. cache-control). */
  replyHeaders?: Record<string, string>;
  /** Awaited once the upstream's status is known, before the client hears it. */
  beforeSend?: (statusCode: number) => Promise<void>;
}

/**
 * The gateway's reverse proxy: one keep-alive undici pool per upstream instance (UpstreamGroup), request
 * bodies and answers streamed through untouched (webhook signatures are computed over the raw bytes),
 * hop-by-hop headers dropped both ways. It does only what the gateway needs (it replaced
 * @fastify/reply-from on the API path, whose general-purpose hooks showed in the bench). A request is
 * tried on another instance of the same upstream only when none of it can have been handled (see
 * UpstreamGroup); a failure otherwise rejects with undici's error for the caller to map to 502/503/504.
 */
export class UpstreamProxy {
  private readonly groups = new Map<string, UpstreamGroup>();

  constructor(private readonly options: ProxyOptions) {}

  /**
   * The group for these instance URLs (one per distinct list, closed with the proxy). `readiness: false`
   * for upstreams without a `/readyz` (the remotes' static servers): no health checks.
   */
  group(urls: readonly string[], options: { readiness?: boolean } = {}): UpstreamGroup {
    const readiness = options.readiness ?? true;
    const key = `${readiness ? '' : 'static:'}${urls.join(',')}`;
    let group = this.groups.get(key);
    if (!group) {
      group = new UpstreamGroup(urls, readiness ? this.options : { ...this.options, healthIntervalMs: 0 });
      this.groups.set(key, group);
    }
    return group;
  }

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
    const response = await target.upstream.request({
      path: target.path,
      method,
      headers,
      body,
      retryNotFound: target.retryNotFound,
    });

    if (target.beforeSend) await target.beforeSend(response.statusCode);
    reply.code(response.statusCode);
    for (const name in response.headers) {
      const value = response.headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    if (target.replyHeaders) reply.headers(target.replyHeaders);
    return reply.send(response.body);
  }

  async close(): Promise<void> {
    await Promise.all([...this.groups.values()].map((group) => group.close()));
    this.groups.clear();
  }
}

export const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';

import { ZIntrospectSessionResponse, internalRoutes } from '@dealflow/contracts';
import { Pool } from 'undici';

/** What the gateway learned about a request's session token. */
export type TIdentityAnswer =
  | { kind: 'signed-in'; identityToken: string; expiresAt: number }
  | { kind: 'anonymous' }
  | { kind: 'unavailable'; reason: 'down' | 'timeout' };

interface CacheEntry {
  answer: TIdentityAnswer;
  /** Served until then. */
  until: number;
  /** After this a read still gets the entry but starts a refresh, so no read waits while a session is in use. */
  refreshAt: number;
}

export interface IdentityClientOptions {
  identityUrl: string;
  internalToken: string;
  ttlMs: number;
  maxEntries: number;
  timeoutMs: number;
}

/**
 * Exchanges an opaque session token for identity's short-lived JWT (`POST /internal/sessions/introspect`).
 * Answers are cached briefly, in a bounded map (oldest out first), so reads cost one hop; concurrent
 * questions about the same token share one call. Past half its life an entry is refreshed in the
 * background while still served, so a session in steady use never waits for identity (and never gets
 * an answer older than the TTL). Unsafe requests always ask afresh.
 */
export class IdentityClient {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inflight = new Map<string, Promise<TIdentityAnswer>>();
  /**
   * Tokens invalidated while identity was being asked about them: that answer may predate the write, so
   * it is handed to the waiting request but not cached. Kept until any such question has timed out.
   */
  private readonly invalidations = new Map<string, { epoch: number; at: number }>();
  private epoch = 0;
  private readonly pool: Pool;

  constructor(private readonly options: IdentityClientOptions) {
    this.pool = new Pool(new URL(options.identityUrl).origin, {
      connections: 32,
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async resolve(token: string, options: { fresh: boolean; requestId: string }): Promise<TIdentityAnswer> {
    if (!options.fresh && this.options.ttlMs > 0) {
      const hit = this.cache.get(token);
      const now = Date.now();
      if (hit && hit.until > now) {
        if (hit.refreshAt <= now && !this.inflight.has(token)) void this.ask(token, options.requestId);
        return hit.answer;
      }
    }
    return this.inflight.get(token) ?? this.ask(token, options.requestId);
  }

  /** Forget a token's answer (after a request that may have changed the session: logout, new organization...). */
  invalidate(token: string): void {
    this.cache.delete(token);
    if (!this.inflight.delete(token)) return;
    const now = Date.now();
    this.invalidations.delete(token);
    this.invalidations.set(token, { epoch: ++this.epoch, at: now });
    // Oldest first (insertion order): drop those older than any question can last.
    for (const [old, { at }] of this.invalidations) {
      if (at > now - 3 * this.options.timeoutMs) break;
      this.invalidations.delete(old);
    }
  }

  get size(): number {
    return this.cache.size;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private ask(token: string, requestId: string): Promise<TIdentityAnswer> {
    const askedAt = this.epoch;
    const promise: Promise<TIdentityAnswer> = this.introspect(token, requestId).then((answer) => {
      if (this.inflight.get(token) === promise) this.inflight.delete(token);
      // A write to the session (logout, role change...) may have happened while identity was answering.
      const invalidated = (this.invalidations.get(token)?.epoch ?? -1) > askedAt;
      if (!invalidated) this.remember(token, answer);
      return answer;
    });
    this.inflight.set(token, promise);
    return promise;
  }

  private remember(token: string, answer: TIdentityAnswer): void {
    if (this.options.ttlMs <= 0 || answer.kind === 'unavailable') return;
    const now = Date.now();
    let until = now + this.options.ttlMs;
    // Never hand out a JWT that expires while cached (keep a 5 s margin for the hop to the service).
    if (answer.kind === 'signed-in') until = Math.min(until, answer.expiresAt - 5000);
    if (until <= now) return;
    this.cache.delete(token);
    while (this.cache.size >= this.options.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    this.cache.set(token, { answer, until, refreshAt: now + this.options.ttlMs / 2 });
  }

  private async introspect(token: string, requestId: string): Promise<TIdentityAnswer> {
    let answer: TIdentityAnswer;
    try {
      const response = await this.pool.request({
        path: internalRoutes.introspectSession.path,
        method: internalRoutes.introspectSession.method,
        headers: {
          'content-type': 'application/json',
          'x-internal-token': this.options.internalToken,
          'x-request-id': requestId,
        },
        body: JSON.stringify({ token }),
      });
      const text = await response.body.text();
      if (response.statusCode === 200) {
        const parsed = ZIntrospectSessionResponse.safeParse(JSON.parse(text));
        if (!parsed.success) return { kind: 'unavailable', reason: 'down' };
        answer = {
          kind: 'signed-in',
          identityToken: parsed.data.identityToken,
          expiresAt: Date.parse(parsed.data.expiresAt),
        };
      } else if (response.statusCode === 401 || response.statusCode === 400 || response.statusCode === 404) {
        answer = { kind: 'anonymous' };
      } else {
        return { kind: 'unavailable', reason: 'down' };
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      return { kind: 'unavailable', reason: code.includes('TIMEOUT') ? 'timeout' : 'down' };
    }
    return answer;
  }
}

/** The session token of a request: `Authorization: Bearer <token>` first, else the `df_session` cookie. */
export function readSessionTokens(headers: { authorization?: string; cookie?: string }): {
  bearer: string | null;
  cookie: string | null;
} {
  let bearer: string | null = null;
  const authorization = headers.authorization;
  if (authorization && authorization.length > 7 && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const value = authorization.slice(7).trim();
    // The seed's client may send "Bearer null" or "Bearer undefined" when nothing is stored.
    if (value && value !== 'null' && value !== 'undefined' && value.length <= 512) bearer = value;
  }
  return { bearer, cookie: readCookie(headers.cookie, 'df_session') };
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    if (!raw || raw.length > 512) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

import { createHash } from 'node:crypto';
import { ZIntrospectSessionResponse, internalRoutes } from '@dealflow/contracts';
import { UpstreamGroup } from '@dealflow/service-kit';

/** What the gateway learned about a request's session token. */
export type TIdentityAnswer =
  | {
      kind: 'signed-in';
      identityToken: string;
      expiresAt: number;
      /** Whose session it is (indexes the cache, so ending a user's or an organization's sessions finds them). */
      userId: number | null;
      orgId: number | null;
      /** Set when the token is an organization API key: the per-key rate limit counts by its id. */
      apiKey: { id: string; scope: 'read' | 'write' } | null;
    }
  | { kind: 'anonymous' }
  /** A valid API key of an organization that is not on Pro (identity answers 403 PLAN_REQUIRED): the upgrade message. */
  | { kind: 'refused'; reason: 'plan' }
  | { kind: 'unavailable'; reason: 'down' | 'timeout' };

/**
 * Sessions to forget. Tokens travel as digests (`tokenDigest`): eviction messages go through Redis
 * pub/sub, and a live session token must not.
 */
export interface TEviction {
  digests?: readonly string[];
  users?: readonly number[];
  orgs?: readonly number[];
  /** Everything (a password reset: the gateway cannot tell whose sessions it ended). */
  all?: boolean;
}

/**
 * Where an answer is cached: the token, and for an organization API key (`dfk_...`) the token and the
 * client's address (identity records each new address of a key: issue 20).
 */
const cacheKeyOf = (token: string, ip: string | undefined) =>
  ip && token.startsWith('dfk_') ? `${token}\n${ip}` : token;

/** SHA-256 of a session token, as eviction messages name it. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** How the token arrived: identity accepts a browser session only from the cookie, a program's only as a Bearer. */
export type TTokenCarrier = 'cookie' | 'bearer';

interface CacheEntry {
  answer: TIdentityAnswer;
  /** The carrier identity answered for: an entry never answers for a token presented the other way. */
  via: TTokenCarrier;
  digest: string;
  /** Served until then. */
  until: number;
  /** After this a read still gets the entry but starts a refresh, so no read waits while a session is in use. */
  refreshAt: number;
}

export interface IdentityClientOptions {
  /** Identity's instances (one Service URL in a cluster). */
  identityUrls: readonly string[];
  internalToken: string;
  /** With several instances, how often their /readyz is asked (see UpstreamGroup). */
  healthIntervalMs?: number;
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
  private readonly inflightVia = new Map<string, TTokenCarrier>();
  /**
   * Tokens invalidated while identity was being asked about them: that answer may predate the write, so
   * it is handed to the waiting request but not cached. Kept until any such question has timed out.
   */
  private readonly invalidations = new Map<string, { epoch: number; at: number }>();
  /** The same for users and organizations whose sessions were ended while a question was in flight. */
  private readonly userInvalidations = new Map<number, { epoch: number; at: number }>();
  private readonly orgInvalidations = new Map<number, { epoch: number; at: number }>();
  private everythingInvalidatedAt = -1;
  private epoch = 0;
  /** Indexes of the cache (and of questions in flight, by digest), kept with it. */
  private readonly byDigest = new Map<string, string>();
  private readonly inflightByDigest = new Map<string, string>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly byOrg = new Map<number, Set<string>>();
  private readonly pool: UpstreamGroup;

  constructor(private readonly options: IdentityClientOptions) {
    this.pool = new UpstreamGroup(options.identityUrls, {
      connections: 32,
      timeoutMs: options.timeoutMs,
      healthIntervalMs: options.healthIntervalMs ?? 0,
    });
  }

  /**
   * `ip`: the client's address, passed to identity. An organization API key's answer is cached per address,
   * so identity hears of each address a key is used from and logs its first use and every new address
   * (issue 20); a session's answer is cached per token alone.
   */
  async resolve(
    token: string,
    options: { fresh: boolean; requestId: string; via?: TTokenCarrier; ip?: string },
  ): Promise<TIdentityAnswer> {
    const via = options.via ?? 'cookie';
    const key = cacheKeyOf(token, options.ip);
    if (!options.fresh && this.options.ttlMs > 0) {
      const hit = this.cache.get(key);
      const now = Date.now();
      if (hit && hit.via === via && hit.until > now) {
        if (hit.refreshAt <= now && !this.inflight.has(key))
          void this.ask(key, token, options.requestId, via, options.ip);
        return hit.answer;
      }
    }
    const pending = this.inflight.get(key);
    return pending && this.inflightVia.get(key) === via
      ? pending
      : this.ask(key, token, options.requestId, via, options.ip);
  }

  /** Forget a token's answer (after a request that may have changed the session: logout, new organization...). */
  invalidate(token: string): void {
    this.drop(token);
    this.inflightVia.delete(token);
    if (!this.inflight.delete(token)) return;
    this.inflightByDigest.forEach((value, digest) => value === token && this.inflightByDigest.delete(digest));
    this.mark(this.invalidations, token);
  }

  /**
   * Forget every answer an eviction names (this replica's own writes, and other replicas' through
   * pub/sub). Questions in flight about them are answered but not cached.
   */
  evict(eviction: TEviction): void {
    if (eviction.all) {
      this.cache.clear();
      this.byDigest.clear();
      this.byUser.clear();
      this.byOrg.clear();
      this.inflight.clear();
      this.inflightVia.clear();
      this.inflightByDigest.clear();
      this.everythingInvalidatedAt = ++this.epoch;
      return;
    }
    for (const digest of eviction.digests ?? []) {
      const token = this.byDigest.get(digest) ?? this.inflightByDigest.get(digest);
      if (token !== undefined) this.invalidate(token);
    }
    for (const userId of eviction.users ?? []) {
      for (const token of [...(this.byUser.get(userId) ?? [])]) this.drop(token);
      this.mark(this.userInvalidations, userId);
    }
    for (const orgId of eviction.orgs ?? []) {
      for (const token of [...(this.byOrg.get(orgId) ?? [])]) this.drop(token);
      this.mark(this.orgInvalidations, orgId);
    }
  }

  /** A token's cached answer, without asking identity (null: not cached). */
  peek(token: string): TIdentityAnswer | null {
    return this.cache.get(token)?.answer ?? null;
  }

  get size(): number {
    return this.cache.size;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** Asks identity about `token`; the answer is kept under `token`'s cache key (cacheKeyOf). */
  private ask(
    token: string,
    presented: string,
    requestId: string,
    via: TTokenCarrier,
    ip: string | undefined,
  ): Promise<TIdentityAnswer> {
    const askedAt = this.epoch;
    const digest = tokenDigest(presented);
    const promise: Promise<TIdentityAnswer> = this.introspect(presented, requestId, via, ip).then(
      (answer) => {
        if (this.inflight.get(token) === promise) {
          this.inflight.delete(token);
          this.inflightVia.delete(token);
          this.inflightByDigest.delete(digest);
        }
        // A write to the session (logout, role change...) may have happened while identity was answering.
        if (!this.invalidatedSince(askedAt, token, answer)) this.remember(token, digest, answer, via);
        return answer;
      },
    );
    this.inflight.set(token, promise);
    this.inflightVia.set(token, via);
    this.inflightByDigest.set(digest, token);
    return promise;
  }

  private invalidatedSince(epoch: number, token: string, answer: TIdentityAnswer): boolean {
    if (this.everythingInvalidatedAt > epoch) return true;
    if ((this.invalidations.get(token)?.epoch ?? -1) > epoch) return true;
    if (answer.kind !== 'signed-in') return false;
    const user = answer.userId === null ? undefined : this.userInvalidations.get(answer.userId);
    const org = answer.orgId === null ? undefined : this.orgInvalidations.get(answer.orgId);
    return (user?.epoch ?? -1) > epoch || (org?.epoch ?? -1) > epoch;
  }

  /** Records an invalidation for questions in flight; drops those older than any question can last. */
  private mark<K>(invalidations: Map<K, { epoch: number; at: number }>, key: K): void {
    const now = Date.now();
    invalidations.delete(key);
    invalidations.set(key, { epoch: ++this.epoch, at: now });
    // Oldest first (insertion order).
    for (const [old, { at }] of invalidations) {
      if (at > now - 3 * this.options.timeoutMs) break;
      invalidations.delete(old);
    }
  }

  /** Removes a cached answer and its index entries. */
  private drop(token: string): void {
    const entry = this.cache.get(token);
    if (!entry) return;
    this.cache.delete(token);
    this.byDigest.delete(entry.digest);
    if (entry.answer.kind !== 'signed-in') return;
    unindex(this.byUser, entry.answer.userId, token);
    unindex(this.byOrg, entry.answer.orgId, token);
  }

  private remember(token: string, digest: string, answer: TIdentityAnswer, via: TTokenCarrier): void {
    if (this.options.ttlMs <= 0 || answer.kind === 'unavailable') return;
    const now = Date.now();
    let until = now + this.options.ttlMs;
    // Never hand out a JWT that expires while cached (keep a 5 s margin for the hop to the service).
    if (answer.kind === 'signed-in') until = Math.min(until, answer.expiresAt - 5000);
    if (until <= now) return;
    this.drop(token);
    while (this.cache.size >= this.options.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.cache.set(token, { answer, via, digest, until, refreshAt: now + this.options.ttlMs / 2 });
    this.byDigest.set(digest, token);
    if (answer.kind !== 'signed-in') return;
    index(this.byUser, answer.userId, token);
    index(this.byOrg, answer.orgId, token);
  }

  private async introspect(
    token: string,
    requestId: string,
    via: TTokenCarrier,
    ip: string | undefined,
  ): Promise<TIdentityAnswer> {
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
        body: JSON.stringify(ip ? { token, via, ip: ip.slice(0, 64) } : { token, via }),
        // Introspection reads: it may be asked again of another instance after a reset connection.
        idempotent: true,
      });
      const text = await response.body.text();
      if (response.statusCode === 200) {
        const parsed = ZIntrospectSessionResponse.safeParse(JSON.parse(text));
        if (!parsed.success) return { kind: 'unavailable', reason: 'down' };
        const owner = parsed.data.identity ?? claimsOf(parsed.data.identityToken);
        answer = {
          kind: 'signed-in',
          identityToken: parsed.data.identityToken,
          expiresAt: Date.parse(parsed.data.expiresAt),
          userId: owner.userId,
          orgId: owner.orgId,
          apiKey: parsed.data.identity?.apiKey ?? null,
        };
      } else if (response.statusCode === 403 || response.statusCode === 402) {
        // 403 PLAN_REQUIRED (the shared error vocabulary); 402 from an identity not yet rolled forward.
        answer = { kind: 'refused', reason: 'plan' };
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

function index(map: Map<number, Set<string>>, key: number | null, token: string): void {
  if (key === null) return;
  const tokens = map.get(key);
  if (tokens) tokens.add(token);
  else map.set(key, new Set([token]));
}

function unindex(map: Map<number, Set<string>>, key: number | null, token: string): void {
  if (key === null) return;
  const tokens = map.get(key);
  if (tokens?.delete(token) && tokens.size === 0) map.delete(key);
}

/**
 * User and organization from the JWT's claims (`sub`, `org`), for an identity that answers without the
 * decoded `identity` object. Read, not verified: they only pick which cache entries an eviction drops.
 */
function claimsOf(jwt: string): { userId: number | null; orgId: number | null } {
  try {
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
      org?: unknown;
    };
    const userId = Number(claims.sub);
    return {
      userId: Number.isSafeInteger(userId) ? userId : null,
      orgId: typeof claims.org === 'number' ? claims.org : null,
    };
  } catch {
    return { userId: null, orgId: null };
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

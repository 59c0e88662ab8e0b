// The current-user state behind the auth context: one GET /api/auth/me at a time, its answer, and who listens.
// Plain code rather than a react-query query, so a signed-out page (landing, /login) loads no data library:
// react-query arrives with the pages that list data (the shell's QueryProvider, `@dealflow/web-kit/query`).
import type { TSession } from '@dealflow/contracts';

export interface TSessionSnapshot {
  /** undefined until the first fetch settles; null when there is no session. */
  session: TSession | null | undefined;
  /** True until the first fetch settles. */
  isPending: boolean;
  isFetching: boolean;
}

export class SessionStore {
  private snapshot: TSessionSnapshot = { session: undefined, isPending: true, isFetching: false };
  private readonly listeners = new Set<() => void>();
  private inFlight: { generation: number; answer: Promise<TSession | null> } | null = null;
  /** Bumped by set(): an answer to a fetch started before it no longer applies. */
  private generation = 0;

  /** `load` answers the session, null for 401, and throws on any other failure. */
  constructor(private readonly load: () => Promise<TSession | null>) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TSessionSnapshot => this.snapshot;

  /**
   * Fetch now, or join the fetch under way. A 401 means no session. Any other failure keeps the session
   * already known (a background refetch that fails does not sign anyone out), or none on the first fetch.
   */
  fetch(): Promise<TSession | null> {
    // A fetch started before the last set() answers for an older state: start a fresh one instead of joining it.
    if (this.inFlight && this.inFlight.generation === this.generation) return this.inFlight.answer;
    const generation = this.generation;
    this.update({ isFetching: true });
    const answer = this.load()
      .catch(() => this.snapshot.session ?? null)
      .then((session) => {
        if (this.inFlight?.answer === answer) this.inFlight = null;
        // A session set while this fetch was under way (a login) is newer than its answer.
        const current = generation === this.generation;
        this.update(
          current
            ? { session, isPending: false, isFetching: this.inFlight !== null }
            : { isFetching: this.inFlight !== null },
        );
        return current ? session : (this.snapshot.session ?? null);
      });
    this.inFlight = { generation, answer };
    return answer;
  }

  /**
   * Settles the first fetch as "no session" without asking (the page has no session hint), unless a session
   * is known or a fetch is under way; a later fetch() asks as usual.
   */
  settleSignedOut(): void {
    if (this.snapshot.session || this.inFlight) return;
    if (this.snapshot.isPending || this.snapshot.session === undefined)
      this.update({ session: null, isPending: false });
  }

  /** Adopt a session obtained elsewhere (login, callback) or drop it (logout). */
  set(session: TSession | null): void {
    this.generation += 1;
    this.update({ session, isPending: false });
  }

  private update(patch: Partial<TSessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/**
 * The query cache of the signed-in pages, when one exists (the shell's QueryProvider registers it). The auth
 * context keeps it in step: a new session or a refresh updates its current-user query, and logout empties it.
 */
export interface TQueryCacheLink {
  setQueryData(queryKey: readonly unknown[], data: unknown): unknown;
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
  removeQueries(filters?: { predicate?: (query: { queryKey: readonly unknown[] }) => boolean }): void;
}

let queryCache: TQueryCacheLink | null = null;

/** Called by `@dealflow/web-kit/query` when it creates the QueryClient. Returns the unregister function. */
export function linkQueryCache(cache: TQueryCacheLink): () => void {
  queryCache = cache;
  return () => {
    if (queryCache === cache) queryCache = null;
  };
}

export function linkedQueryCache(): TQueryCacheLink | null {
  return queryCache;
}

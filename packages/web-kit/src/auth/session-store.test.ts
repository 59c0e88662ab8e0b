import { describe, expect, it } from 'vitest';
import type { TSession } from '@dealflow/contracts';
import { SessionStore } from './session-store.js';

const session = (id: string) => ({ user: { name: id } }) as TSession;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SessionStore', () => {
  it('joins a fetch under way instead of asking twice', async () => {
    let asked = 0;
    const answer = deferred<TSession | null>();
    const store = new SessionStore(() => (asked++, answer.promise));
    const first = store.fetch();
    const second = store.fetch();
    expect(asked).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ isPending: true, isFetching: true });
    answer.resolve(session('a'));
    expect(await first).toEqual(session('a'));
    expect(await second).toEqual(session('a'));
    expect(store.getSnapshot()).toEqual({ session: session('a'), isPending: false, isFetching: false });
  });

  it('keeps a session set during a fetch, and a fetch asked after set() asks again', async () => {
    const answers = [deferred<TSession | null>(), deferred<TSession | null>()];
    let asked = 0;
    const store = new SessionStore(() => answers[asked++]!.promise);
    const stale = store.fetch();
    store.set(session('registered'));
    const fresh = store.fetch();
    expect(asked).toBe(2);
    answers[0]!.resolve(null);
    expect(await stale).toEqual(session('registered'));
    expect(store.getSnapshot().session).toEqual(session('registered'));
    answers[1]!.resolve(session('registered-2'));
    expect(await fresh).toEqual(session('registered-2'));
    expect(store.getSnapshot()).toMatchObject({ session: session('registered-2'), isFetching: false });
  });

  it('a failure keeps the known session, or none on the first fetch', async () => {
    let fail = true;
    const store = new SessionStore(async () => {
      if (fail) throw new Error('502');
      return session('a');
    });
    expect(await store.fetch()).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ session: null, isPending: false });
    fail = false;
    await store.fetch();
    fail = true;
    expect(await store.fetch()).toEqual(session('a'));
    expect(store.getSnapshot().session).toEqual(session('a'));
  });

  it('tells its listeners, until they unsubscribe', async () => {
    const store = new SessionStore(async () => session('a'));
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    await store.fetch();
    expect(calls).toBe(2); // fetching, then the answer
    unsubscribe();
    store.set(null);
    expect(calls).toBe(2);
  });
});

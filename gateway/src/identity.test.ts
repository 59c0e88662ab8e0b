import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityClient } from './identity.js';

/** A stand-in for identity's introspection route that counts questions and can be slow. */
let identity: FastifyInstance;
let questions = 0;
let delayMs = 0;
let url = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  identity = Fastify();
  identity.post('/internal/sessions/introspect', async () => {
    questions += 1;
    if (delayMs) await sleep(delayMs);
    return {
      identityToken: `jwt-${questions}`,
      jwt: `jwt-${questions}`,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      identity: { userId: 1, orgId: 1, role: 'owner', email: 'ada@example.com', name: 'Ada', sessionId: 'h' },
    };
  });
  url = await identity.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await identity?.close();
});
beforeEach(() => {
  questions = 0;
  delayMs = 0;
});

const client = (ttlMs: number) =>
  new IdentityClient({
    identityUrls: [url],
    internalToken: 'internal-token',
    ttlMs,
    maxEntries: 100,
    timeoutMs: 2000,
  });
const read = { fresh: false, requestId: 'r' };

describe('identity client cache', () => {
  it('refreshes an entry in the background past half its life, so steady reads never wait', async () => {
    // Only Date is faked (the cache's clock); timers and sockets stay real, so no sleep decides the outcome.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const started = Date.now();
      const identityClient = client(1000);
      expect(await identityClient.resolve('token-a', read)).toMatchObject({
        kind: 'signed-in',
        identityToken: 'jwt-1',
      });
      vi.setSystemTime(started + 600);
      // Past half-life: answered from the cache at once, and identity is asked again behind it.
      expect(await identityClient.resolve('token-a', read)).toMatchObject({ identityToken: 'jwt-1' });
      for (let i = 0; i < 500 && questions < 2; i += 1) await sleep(10);
      expect(questions).toBe(2);
      vi.setSystemTime(started + 1050);
      // Past the first answer's TTL: the refreshed answer is served. Had this read waited for identity
      // (now slow), it would have got jwt-3.
      delayMs = 500;
      expect(await identityClient.resolve('token-a', read)).toMatchObject({ identityToken: 'jwt-2' });
      await identityClient.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not cache an answer that was asked for before the token was invalidated', async () => {
    const identityClient = client(5000);
    delayMs = 1000;
    const pending = identityClient.resolve('token-b', read);
    await sleep(30);
    identityClient.invalidate('token-b'); // e.g. a logout went through meanwhile
    expect(await pending).toMatchObject({ identityToken: 'jwt-1' });
    delayMs = 0;
    expect(await identityClient.resolve('token-b', read)).toMatchObject({ identityToken: 'jwt-2' });
    expect(await identityClient.resolve('token-b', read)).toMatchObject({ identityToken: 'jwt-2' });
    expect(questions).toBe(2);
    await identityClient.close();
  });

  it('asks afresh for unsafe requests and shares one question between concurrent reads', async () => {
    const identityClient = client(5000);
    delayMs = 50;
    const answers = await Promise.all([1, 2, 3].map(() => identityClient.resolve('token-c', read)));
    expect(answers.map((a) => (a.kind === 'signed-in' ? a.identityToken : a.kind))).toEqual([
      'jwt-1',
      'jwt-1',
      'jwt-1',
    ]);
    expect(await identityClient.resolve('token-c', { fresh: true, requestId: 'w' })).toMatchObject({
      identityToken: 'jwt-2',
    });
    expect(questions).toBe(2);
    await identityClient.close();
  });
});

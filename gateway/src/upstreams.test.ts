import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startUpstream } from './test/upstream.js';
import { UpstreamGroup } from './upstreams.js';

/** A port nothing listens on (a stopped instance). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** An instance that accepts the connection, reads the request, then destroys the socket unanswered. */
async function resettingUrl(): Promise<{ url: string; hits: () => number; server: Server }> {
  let hits = 0;
  const server = createServer((request) => {
    hits += 1;
    request.resume();
    request.on('end', () => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits: () => hits, server };
}

const groups: UpstreamGroup[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(groups.splice(0).map((group) => group.close()));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
const group = (urls: string[], healthIntervalMs = 0) => {
  const created = new UpstreamGroup(urls, { connections: 4, timeoutMs: 2000, healthIntervalMs });
  groups.push(created);
  return created;
};

const json = async (response: Awaited<ReturnType<UpstreamGroup['request']>>) =>
  (await response.body.json()) as { service: string; url: string };

describe('UpstreamGroup', () => {
  it('spreads requests round-robin over the instances', async () => {
    const a = await startUpstream('a');
    const b = await startUpstream('b');
    cleanups.push(
      () => a.app.close(),
      () => b.app.close(),
    );
    const upstream = group([a.url, b.url]);
    const served: string[] = [];
    for (let i = 0; i < 4; i += 1)
      served.push((await json(await upstream.request({ path: '/x', method: 'GET', headers: {} }))).service);
    expect(served.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('sends a request of any method, streamed body included, to another instance when one refuses the connection', async () => {
    const live = await startUpstream('live');
    cleanups.push(() => live.app.close());
    const upstream = group([await closedPortUrl(), live.url]);
    for (let i = 0; i < 4; i += 1) {
      const response = await upstream.request({
        path: '/api/things',
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: Readable.from([Buffer.from(`body ${i}`)]),
      });
      expect(response.statusCode).toBe(200);
      expect((await json(response)).service).toBe('live');
    }
    expect(live.seen.map((seen) => seen.body)).toEqual(['body 0', 'body 1', 'body 2', 'body 3']);
  });

  it('retries a reset connection only for idempotent requests (a POST may have been handled)', async () => {
    const resetting = await resettingUrl();
    const live = await startUpstream('live');
    cleanups.push(
      () => live.app.close(),
      () => new Promise((resolve) => resetting.server.close(resolve)),
    );
    // The resetting instance first, whatever the rotation: a fresh group for each request.
    const get = await group([resetting.url, live.url]).request({ path: '/r', method: 'GET', headers: {} });
    expect((await json(get)).service).toBe('live');
    await expect(
      group([resetting.url, live.url]).request({ path: '/w', method: 'POST', headers: {}, body: 'x' }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/UND_ERR_SOCKET|ECONNRESET/) });
    // A read-only POST (session introspection) says it may be repeated.
    const introspect = await group([resetting.url, live.url]).request({
      path: '/i',
      method: 'POST',
      headers: {},
      body: 'x',
      idempotent: true,
    });
    expect((await json(introspect)).service).toBe('live');
    expect(live.seen.map((seen) => seen.url)).toEqual(['/r', '/i']);
    expect(resetting.hits()).toBe(3);
  });

  it('rejects with the error when every instance refuses', async () => {
    const upstream = group([await closedPortUrl(), await closedPortUrl()]);
    await expect(upstream.request({ path: '/', method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('sends nothing new to an instance whose /readyz stops answering 200 (draining)', async () => {
    let draining = false;
    const a = await startUpstream('a', (app) =>
      app.get('/readyz', async (_request, reply) => reply.code(draining ? 503 : 200).send({})),
    );
    const b = await startUpstream('b');
    cleanups.push(
      () => a.app.close(),
      () => b.app.close(),
    );
    const upstream = group([a.url, b.url], 60_000);
    draining = true;
    await upstream.checkReadiness();
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1)
      served.add((await json(await upstream.request({ path: '/x', method: 'GET', headers: {} }))).service);
    expect([...served]).toEqual(['b']);
    draining = false;
    await upstream.checkReadiness();
    for (let i = 0; i < 6; i += 1)
      served.add((await json(await upstream.request({ path: '/x', method: 'GET', headers: {} }))).service);
    expect([...served].sort()).toEqual(['a', 'b']);
  });
});

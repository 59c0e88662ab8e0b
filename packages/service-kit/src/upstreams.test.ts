import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamGroup } from './upstreams.js';

/** A real upstream on a free port: records what reached it and answers `{service, url}`. */
async function startUpstream(name: string, extra?: (app: FastifyInstance) => void) {
  const seen: Array<{ url: string; body: string }> = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  extra?.(app);
  app.all('/*', async (request) => {
    seen.push({ url: request.url, body: String(request.body ?? '') });
    return { service: name, url: request.url };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return { app, seen, url: `http://127.0.0.1:${address.port}` };
}

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

  describe('a 404 asked again (retryNotFound: a remote release overlap)', () => {
    /** A remote's static server holding only these files; counts the requests and connections it saw. */
    async function release(files: string[]) {
      const stats = { requests: 0, connections: 0 };
      const server = createServer((request, response) => {
        stats.requests += 1;
        const found = files.includes(request.url ?? '');
        response.writeHead(found ? 200 : 404, { 'content-type': 'text/plain' });
        response.end(found ? `file ${request.url}` : 'not found');
      });
      server.on('connection', () => (stats.connections += 1));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stats, server };
    }

    it('finds a new chunk on the other instance, whichever instance is asked first', async () => {
      const old = await release(['/static/js/1.aaaaaaaa.js']);
      const fresh = await release(['/static/js/1.aaaaaaaa.js', '/static/js/1.bbbbbbbb.js']);
      const upstream = group([old.url, fresh.url]);
      for (let i = 0; i < 6; i += 1) {
        const response = await upstream.request({
          path: '/static/js/1.bbbbbbbb.js',
          method: 'GET',
          headers: {},
          retryNotFound: 3,
        });
        expect(response.statusCode).toBe(200);
        expect(await response.body.text()).toBe('file /static/js/1.bbbbbbbb.js');
      }
      // Half the requests reached the old release first and were asked again.
      expect(old.stats.requests).toBe(3);
      expect(fresh.stats.requests).toBe(6);
    });

    it('asks one URL again on new connections (a Service balances per connection), then gives the last 404', async () => {
      const only = await release([]);
      const upstream = group([only.url]);
      const response = await upstream.request({
        path: '/static/js/2.cccccccc.js',
        method: 'GET',
        headers: {},
        retryNotFound: 3,
      });
      expect(response.statusCode).toBe(404);
      expect(await response.body.text()).toBe('not found');
      expect(only.stats.requests).toBe(4);
      expect(only.stats.connections).toBe(4);
    });

    it('passes a 404 on at once without the option, and never asks again for a POST', async () => {
      const only = await release([]);
      const upstream = group([only.url]);
      const get = await upstream.request({ path: '/x', method: 'GET', headers: {} });
      expect(get.statusCode).toBe(404);
      await get.body.dump();
      const post = await upstream.request({
        path: '/x',
        method: 'POST',
        headers: {},
        body: 'x',
        retryNotFound: 3,
      });
      expect(post.statusCode).toBe(404);
      await post.body.dump();
      expect(only.stats.requests).toBe(2);
    });
  });
});

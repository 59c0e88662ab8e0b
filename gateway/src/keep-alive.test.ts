import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

/**
 * Issue 12's fuzz finding: a request whose body is refused before it is read (the upstream's 415 or 403, or
 * the gateway's own refusal) must leave the client's keep-alive connection usable, or closed: never open
 * and deaf. Each case sends, on one raw TCP connection, a POST with its whole body, reads the answer, then
 * a GET on the same connection, which must be answered (or the connection closed) within a few seconds.
 */
let upstream: FastifyInstance;
let gateway: FastifyInstance;
let port = 0;

beforeAll(async () => {
  // Fastify parses only JSON and text here: `application/xml` is refused with 415 before a byte is read.
  upstream = Fastify();
  upstream.addHook('onRequest', async (request, reply) => {
    if (request.headers['x-refuse'] === 'yes') return reply.code(403).send({ message: 'Forbidden' });
  });
  upstream.post('/api/emails/upload', async () => ({ ok: true }));
  upstream.get('/api/emails', async () => ({ items: [] }));
  upstream.get('/api/billing/plan', async () => ({ plan: 'free' }));
  upstream.post('/api/billing/plan', async () => ({ ok: true }));
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`;
  gateway = await buildGateway(
    loadGatewayConfig({
      INGEST_URL: url,
      BILLING_URL: url,
      IDENTITY_URL: url,
      PUBLIC_URL: 'http://localhost:3000',
      INTERNAL_API_TOKEN: 'internal-token-for-tests',
      BODY_TIMEOUT_MS: '1000',
    }),
    { logger: false },
  );
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.server.address() as { port: number }).port;
});
afterAll(async () => {
  gateway?.server.closeAllConnections();
  await gateway?.close();
  await upstream?.close();
});

/** One HTTP/1.1 answer read off a raw socket: its status, or 'closed' when the server ended the connection. */
function readAnswer(
  socket: Socket,
  timeoutMs: number,
): Promise<{ status: number; close: boolean } | 'closed'> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const done = (result: { status: number; close: boolean } | 'closed' | Error) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const status = Number(head.slice(9, 12));
      socket.pause();
      done({ status, close: /\r\nconnection: *close/i.test(head) });
    };
    const onClose = () => done('closed');
    const timer = setTimeout(() => done(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.resume();
  });
}

async function refusedThenReused(request: {
  path: string;
  headers: Record<string, string>;
  bytes: number;
  /** Send the first 8 KB, read the answer, then the rest (a body still arriving when the refusal comes). */
  trickle?: boolean;
}) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  try {
    const head = [
      `POST ${request.path} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `content-length: ${request.bytes}`,
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    const body = Buffer.alloc(request.bytes, '{');
    const sentFirst = request.trickle ? 8 * 1024 : body.length;
    socket.write(body.subarray(0, sentFirst));
    const first = await readAnswer(socket, 5_000);
    // HTTP/1.1 lets a client finish the body after an early answer and go on using the connection.
    if (first !== 'closed' && !first.close && sentFirst < body.length) socket.write(body.subarray(sentFirst));
    if (first === 'closed') return { first, second: 'closed' as const };
    // A client that was told to keep the connection reuses it, as undici's pool (fetch) does.
    if (!first.close) socket.write(`GET /api/emails HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    const second = first.close ? 'closed' : await readAnswer(socket, 5_000);
    return { first, second };
  } finally {
    socket.destroy();
  }
}

describe('a body refused before it is read, on a keep-alive connection', () => {
  // 200 KB: the largest body the fuzz sends (a string 'x' x 200,000); 64 KB: past every stream buffer.
  const SIZES = [64 * 1024, 200 * 1024];

  // Whoever refuses (the upstream on its content type or a header, or the gateway itself on a cross-site
  // request), the connection is closed with the answer or still serves.
  const REFUSALS: { name: string; path: string; headers: Record<string, string>; status: number }[] = [
    {
      name: "the upstream's 415 (%i bytes): the next request on the connection is answered",
      path: '/api/emails/upload',
      headers: { 'content-type': 'application/xml' },
      status: 415,
    },
    {
      name: "the upstream's 403 before the body (%i bytes): the connection still serves",
      path: '/api/emails/upload',
      headers: { 'content-type': 'application/json', 'x-refuse': 'yes' },
      status: 403,
    },
    {
      name: "the gateway's own refusal (cross-site, %i bytes): the connection still serves",
      path: '/api/billing/plan',
      headers: {
        'content-type': 'application/json',
        cookie: 'df_session=whatever',
        origin: 'https://evil.example',
      },
      status: 403,
    },
  ];

  for (const { name, path, headers, status } of REFUSALS)
    it.each(SIZES)(name, async (bytes) => {
      const { first, second } = await refusedThenReused({ path, headers, bytes });
      expect(first).toMatchObject({ status });
      if (second !== 'closed') expect(second.status).toBe(200);
    });
});

describe('a body still arriving when it is refused, on a keep-alive connection', () => {
  it("the upstream's 415: the rest of the body, then the next request on the connection is answered", async () => {
    const { first, second } = await refusedThenReused({
      path: '/api/emails/upload',
      headers: { 'content-type': 'application/xml' },
      bytes: 200 * 1024,
      trickle: true,
    });
    expect(first).toMatchObject({ status: 415 });
    if (second !== 'closed') expect(second.status).toBe(200);
  });

  it("the upstream's 403: the rest of the body, then the next request on the connection is answered", async () => {
    const { first, second } = await refusedThenReused({
      path: '/api/emails/upload',
      headers: { 'content-type': 'application/json', 'x-refuse': 'yes' },
      bytes: 200 * 1024,
      trickle: true,
    });
    expect(first).toMatchObject({ status: 403 });
    if (second !== 'closed') expect(second.status).toBe(200);
  });

  it("the gateway's own refusal: the rest of the body, then the next request on the connection is answered", async () => {
    const { first, second } = await refusedThenReused({
      path: '/api/billing/plan',
      headers: {
        'content-type': 'application/json',
        cookie: 'df_session=whatever',
        origin: 'https://evil.example',
      },
      bytes: 200 * 1024,
      trickle: true,
    });
    expect(first).toMatchObject({ status: 403 });
    if (second !== 'closed') expect(second.status).toBe(200);
  });
});

describe('a refused body that never arrives whole', () => {
  it('raises nothing once the body timeout passes (the gateway process must not crash)', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const socket = connect(port, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'POST /api/billing/plan HTTP/1.1',
          `host: 127.0.0.1:${port}`,
          'content-type: application/json',
          'cookie: df_session=whatever',
          'origin: https://evil.example',
          `content-length: ${200 * 1024}`,
          '',
          '',
        ].join('\r\n'),
      );
      socket.write(Buffer.alloc(100 * 1024, '{'));
      const answer = await readAnswer(socket, 5_000);
      expect(answer).toMatchObject({ status: 403 });
      // Past BODY_TIMEOUT_MS (1 s here), the rest of the body never sent.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(uncaught).toEqual([]);
    } finally {
      socket.destroy();
      process.off('uncaughtException', onUncaught);
    }
  });
});

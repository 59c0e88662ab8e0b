import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

/**
 * An upstream that refuses a body before reading it (Fastify's own bodyLimit, as svc-ingest's mail webhook
 * does past MAIL_MAX_BYTES): it answers 413 while the gateway is still streaming, and closes the socket.
 */
let upstream: FastifyInstance;
let gateway: FastifyInstance;
let base = '';

beforeAll(async () => {
  upstream = Fastify({ bodyLimit: 1024 });
  upstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  upstream.post('/webhooks/mail', async () => ({ ok: true }));
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const address = upstream.server.address() as { port: number };
  gateway = await buildGateway(
    loadGatewayConfig({
      INGEST_URL: `http://127.0.0.1:${address.port}`,
      MAX_BODY_BYTES: String(8 * 1024 * 1024),
    }),
    { logger: false },
  );
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe("an upstream's early refusal", () => {
  it.each([
    ['a declared length', false],
    ['a chunked body', true],
  ])('reaches the client as 413 {message}, not 502 (%s)', async (_label, chunked) => {
    const payload = Buffer.alloc(4 * 1024 * 1024, 'a');
    const body = chunked
      ? new ReadableStream({
          start(controller) {
            for (let i = 0; i < 64; i++) controller.enqueue(payload.subarray(i * 65536, (i + 1) * 65536));
            controller.close();
          },
        })
      : payload;
    const answer = await fetch(`${base}/webhooks/mail?recipient=deals-0123456789ab@in.example.com`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-dealflow-signature': `sha256=${'0'.repeat(64)}` },
      body,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    expect(answer.status).toBe(413);
    const json = (await answer.json()) as { message?: string };
    expect(json.message).toEqual(expect.any(String));
  });
});

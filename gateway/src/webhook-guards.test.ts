import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { startUpstream } from './test/upstream.js';

const MAX_BYTES = 256 * 1024;
const UNSIGNED_MAX_BYTES = 4096;
let ingest: Awaited<ReturnType<typeof startUpstream>>;
let gateway: FastifyInstance;
let port = 0;

beforeAll(async () => {
  ingest = await startUpstream('ingest');
  const config = loadGatewayConfig({
    INGEST_URL: ingest.url,
    MAX_BODY_BYTES: String(MAX_BYTES),
    WEBHOOK_UNSIGNED_MAX_BYTES: String(UNSIGNED_MAX_BYTES),
    WEBHOOK_RATE_LIMIT_MAX: '5',
    MAIL_WEBHOOK_RECIPIENT_MAX: '3',
    BODY_TIMEOUT_MS: '400',
  });
  gateway = await buildGateway(config, { logger: false });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.server.address() as { port: number }).port;
});
afterAll(async () => {
  await gateway?.close();
  await ingest?.app.close();
});
beforeEach(() => {
  ingest.seen.length = 0;
});

const SIGNED = { 'content-type': 'message/rfc822', 'x-dealflow-signature': `sha256=${'0'.repeat(64)}` };

const post = (url: string, remoteAddress: string, headers: Record<string, string> = SIGNED) =>
  gateway.inject({ method: 'POST', url, remoteAddress, headers, payload: 'Subject: hi\r\n\r\nbody' });

/**
 * Streams `chunk` to the mail webhook over real HTTP (chunked, no length) until the gateway answers or
 * `totalBytes` are written, waiting `pauseMs` between chunks. Resolves with the answer and the bytes sent.
 */
function stream(options: {
  headers?: Record<string, string>;
  chunkBytes: number;
  totalBytes: number;
  pauseMs?: number;
}): Promise<{ status: number; body: { message?: string }; sent: number; elapsedMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/webhooks/mail?recipient=deals-0123456789ab@in.example.com',
      headers: { ...SIGNED, ...options.headers },
    });
    req.on('response', (response) => {
      answered = true;
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(text) as { message?: string },
          sent,
          elapsedMs: Date.now() - started,
        }),
      );
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(options.chunkBytes, 'a');
    const next = () => {
      if (answered || req.destroyed) return;
      if (sent >= options.totalBytes) return void req.end();
      sent += chunk.length;
      req.write(chunk, () => setTimeout(next, options.pauseMs ?? 0));
    };
    next();
  });
}

describe('POST /webhooks/mail before authentication', () => {
  it('limits requests per client IP: over the limit gets 429 {message}', async () => {
    for (let i = 0; i < 5; i += 1) expect((await post('/webhooks/mail', '10.1.0.1')).statusCode).toBe(200);
    const refused = await post('/webhooks/mail', '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) });
    expect((await post('/webhooks/mail', '10.1.0.2')).statusCode).toBe(200); // another IP is not held up
  });

  it('limits requests per organization address, whatever IP they come from', async () => {
    const url = '/webhooks/mail?recipient=Acme-0123456789ab@in.example.com';
    for (let i = 0; i < 3; i += 1) expect((await post(url, `10.2.0.${i}`)).statusCode).toBe(200);
    const refused = await post(url.toLowerCase(), '10.2.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect((await post('/webhooks/mail?recipient=other@in.example.com', '10.2.0.9')).statusCode).toBe(200);
  });

  it('refuses a declared length over the cap with 413 {message} before reading the body', async () => {
    const answer = await stream({
      headers: { 'content-length': String(50 * 1024 * 1024) },
      chunkBytes: 1024,
      totalBytes: 50 * 1024 * 1024,
      pauseMs: 5,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Request body is too large' });
    expect(answer.sent).toBeLessThan(64 * 1024);
    expect(ingest.seen).toEqual([]);
  });

  it('cuts off a chunked body past the cap with 413 {message}, never holding it whole', async () => {
    const answer = await stream({ chunkBytes: 16 * 1024, totalBytes: 64 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Request body is too large' });
    // Answered while the client was still sending: far below the 64 MB it meant to send.
    expect(answer.sent).toBeLessThan(8 * MAX_BYTES);
    expect(ingest.seen).toEqual([]);
  });

  it('gives a webhook carrying no credential only a few kilobytes', async () => {
    const bare = await gateway.inject({
      method: 'POST',
      url: '/webhooks/mail',
      remoteAddress: '10.3.0.1',
      headers: { 'content-type': 'message/rfc822' },
      payload: Buffer.alloc(UNSIGNED_MAX_BYTES + 1, 'a'),
    });
    expect(bare.statusCode).toBe(413);
    expect(bare.json()).toEqual({ message: 'Request body is too large' });
    const signed = await gateway.inject({
      method: 'POST',
      url: '/webhooks/mail',
      remoteAddress: '10.3.0.2',
      headers: SIGNED,
      payload: Buffer.alloc(UNSIGNED_MAX_BYTES + 1, 'a'),
    });
    expect(signed.statusCode).toBe(200);
  });

  it('answers 408 {message} to a body that trickles in (slow loris)', async () => {
    const answer = await stream({ chunkBytes: 10, totalBytes: 100_000, pauseMs: 50 });
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ message: 'The request body took too long to arrive' });
    // The whole body would take 500 s; the 400 ms body timeout answers long before (bound loose for busy CI).
    expect(answer.elapsedMs).toBeLessThan(10_000);
  });

  it('passes a real message through whole', async () => {
    const message = `Subject: deck\r\n\r\n${'x'.repeat(100_000)}`;
    const response = await gateway.inject({
      method: 'POST',
      url: '/webhooks/mail?recipient=ok@in.example.com',
      remoteAddress: '10.4.0.1',
      headers: SIGNED,
      payload: message,
    });
    expect(response.statusCode).toBe(200);
    expect(ingest.seen[0]?.body).toBe(message);
  });
});

describe('the anonymous webhook cap is lifted only by the credential headers each sender sends (issue 20)', () => {
  let defaults: FastifyInstance;
  beforeAll(async () => {
    // The shipped caps: 64 KB for a post without a recognised credential, 25 MB otherwise.
    defaults = await buildGateway(loadGatewayConfig({ INGEST_URL: ingest.url }), { logger: false });
  });
  afterAll(async () => defaults?.close());
  const megabyte = Buffer.alloc(1024 * 1024, 'a');
  const postMegabyte = (headers: Record<string, string>, remoteAddress: string) =>
    defaults.inject({
      method: 'POST',
      url: '/webhooks/mail',
      remoteAddress,
      headers: { 'content-type': 'message/rfc822', ...headers },
      payload: megabyte,
    });

  it('gives a post whose only "credential" is some header ending in signature the 64 KB cap: 413', async () => {
    const forged: Record<string, string>[] = [
      { 'x-foo-signature': 'sha256=' + 'a'.repeat(64) },
      { signature: 'anything' },
      { 'stripe-signature': `t=1,v1=${'a'.repeat(64)}` }, // Stripe's header, but not Stripe's path
      { 'x-dealflow-signature': 'sha256=00' }, // not the shape the product's own signature has
      { authorization: 'Token abcdefghijkl' },
    ];
    for (const headers of forged) {
      const res = await postMegabyte(headers, '10.5.0.1');
      expect(res.statusCode, JSON.stringify(headers)).toBe(413);
      expect(res.json()).toEqual({ message: 'Request body is too large' });
    }
    expect(ingest.seen).toEqual([]);
  });

  it('passes 1 MB carrying a credential the table lists (the service checks its value)', async () => {
    const basic = `Basic ${Buffer.from('dealflow:0123456789abcdef').toString('base64')}`;
    const genuine: Record<string, string>[] = [
      { authorization: basic },
      { authorization: 'Bearer 0123456789abcdef0123456789abcdef' },
      { 'x-dealflow-signature': `sha256=${'b'.repeat(64)}` },
    ];
    for (const headers of genuine)
      expect((await postMegabyte(headers, '10.5.0.2')).statusCode, JSON.stringify(headers)).toBe(200);
    expect(ingest.seen).toHaveLength(3);
  });
});

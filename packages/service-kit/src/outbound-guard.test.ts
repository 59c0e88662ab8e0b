import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, guardedFetch, isPublicAddress, resolvePublicAddress } from './outbound-guard.js';

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  // The user sees a generic sentence; what answered (or did not) stays in `detail` for the log.
  expect((error as OutboundRefused).message).toBe('This address cannot be reached');
  return (error as OutboundRefused).detail;
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  // Issue 20 finding 8: every IPv6 notation that carries a private IPv4 address is judged as that address.
  it.each([
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['::a00:1', 'IPv4-compatible 10.0.0.1'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata address'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:c0a8:101', 'IPv4-mapped 192.168.1.1, uncompressed'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b::192.168.0.1', 'NAT64 of 192.168.0.1, dotted'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 of 10.0.0.1'],
    ['::ffff:0:a00:1', 'SIIT of 10.0.0.1'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('resolvePublicAddress', () => {
  it('refuses loopback, private and metadata literals, and ports not on the list', async () => {
    expect(await refusal(resolvePublicAddress('127.0.0.1', 443))).toMatch(/127\.0\.0\.1/);
    expect(await refusal(resolvePublicAddress('169.254.169.254', 443))).toMatch(/169\.254/);
    expect(await refusal(resolvePublicAddress('[::1]', 443))).toMatch(/::1/);
    expect(await refusal(resolvePublicAddress('8.8.8.8', 22, { ports: [993] }))).toMatch(/port 22/);
  });

  it('refuses a DNS name that resolves to a private address (any one of its addresses)', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await refusal(resolvePublicAddress('evil.example', 443, { resolve }))).toMatch(/10\.0\.0\.5/);
    const real = await resolvePublicAddress('localhost', 443).catch((e: unknown) => e);
    expect(real).toBeInstanceOf(OutboundRefused);
  });

  it('returns the checked public address to connect to', async () => {
    const resolve = async () => [{ address: '93.184.216.34', family: 4 }];
    expect(await resolvePublicAddress('deck.example', 443, { resolve })).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('honours the test allow list outside production only', async () => {
    const testAllow = { hosts: ['127.0.0.1'] };
    expect((await resolvePublicAddress('127.0.0.1', 9999, { testAllow })).address).toBe('127.0.0.1');
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await refusal(resolvePublicAddress('127.0.0.1', 9999, { testAllow }));
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});

describe('guardedFetch', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === '/deck.pdf') {
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="acme.pdf"',
        });
        res.end('%PDF-1.4 deck');
      } else if (req.url?.startsWith('/disposition/')) {
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': decodeURIComponent(req.url.slice('/disposition/'.length)),
        });
        res.end('%PDF-1.4 deck');
      } else if (req.url === '/to-deck') {
        res.writeHead(302, { location: '/deck.pdf' });
        res.end();
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url === '/to-localhost-name') {
        res.writeHead(302, { location: 'https://localhost/secret' });
        res.end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.alloc(4096, 0x25));
      } else if (req.url === '/html') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('<html>sign in</html>');
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('%PDF late'), 2_000);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const testAllow = { hosts: ['127.0.0.1'] };
  const isPdf = (head: Buffer) => head.subarray(0, 4).toString('latin1') === '%PDF';
  const opts = { testAllow, maxBytes: 1024, timeoutMs: 15_000, sniff: isPdf };

  it('downloads from an allow-listed local server, following a redirect', async () => {
    const got = await guardedFetch(`${base}/to-deck`, opts);
    expect(got.body.toString()).toBe('%PDF-1.4 deck');
    expect(got).toMatchObject({
      url: `${base}/deck.pdf`,
      filename: 'acme.pdf',
      contentType: 'application/pdf',
    });
  });

  it.each([
    [`attachment; filename*=UTF-8'en'deck%20v2.pdf`, 'deck v2.pdf'],
    [`attachment; filename*=UTF-8''%E2%82%AC%20deck.pdf`, '€ deck.pdf'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8'en'deck%20v2.pdf`, 'deck v2.pdf'],
    [`inline; filename="a \\"quoted\\" name.pdf"`, 'a "quoted" name.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="unterminated', null],
    ['attachment', null],
  ])('reads the file name of Content-Disposition %s (RFC 6266 / RFC 5987)', async (header, filename) => {
    const got = await guardedFetch(`${base}/disposition/${encodeURIComponent(header)}`, opts);
    expect(got.filename).toBe(filename);
  });

  it('refuses the same server without the allow list: http, and a loopback address', async () => {
    expect(await refusal(guardedFetch(`${base}/deck.pdf`, { ...opts, testAllow: undefined }))).toMatch(
      /https only/,
    );
    const port = (server.address() as AddressInfo).port;
    expect(
      await refusal(
        guardedFetch(`https://127.0.0.1:${port}/deck.pdf`, { ...opts, testAllow: undefined, ports: [port] }),
      ),
    ).toMatch(/not a public address/);
  });

  it('re-checks each redirect: to the metadata address and to a name resolving to loopback', async () => {
    expect(await refusal(guardedFetch(`${base}/to-metadata`, opts))).toMatch(/169\.254\.169\.254/);
    expect(await refusal(guardedFetch(`${base}/to-localhost-name`, opts))).toMatch(/localhost/);
    expect(hits.filter((h) => h === '/secret')).toEqual([]);
  });

  it('caps the size and the time, and sniffs the content', async () => {
    expect(await refusal(guardedFetch(`${base}/big`, opts))).toMatch(/1024-byte cap/);
    expect(await refusal(guardedFetch(`${base}/html`, opts))).toMatch(/not the expected content/);
    expect(await refusal(guardedFetch(`${base}/slow`, { ...opts, timeoutMs: 200 }))).toMatch(
      /did not answer|200 ms/,
    );
  });

  it('refuses URLs that are not https URLs at all', async () => {
    expect(await refusal(guardedFetch('file:///etc/passwd', opts))).toMatch(/https only/);
    expect(await refusal(guardedFetch('not a url', opts))).toMatch(/not a URL/);
    expect(await refusal(guardedFetch('https://user:pw@example.com/x.pdf', opts))).toMatch(/credentials/);
  });
});

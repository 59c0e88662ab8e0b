import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { parse as parseContentDisposition } from 'content-disposition';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/**
 * The one way to reach a tenant-supplied host or URL (IMAP servers, deck links, webhooks' certificate URLs):
 * - URLs are https only; ports are allow-listed;
 * - the name is resolved and every address must be public (no loopback, private, link-local incl. the
 *   169.254.169.254 metadata service, CGNAT, ULA, multicast, IPv4-mapped IPv6 of any of these...), and the
 *   checked address is the one connected to (the check runs inside the socket's own `lookup`);
 * - redirects are followed by hand, each one checked again; size and time are capped; the caller sniffs the
 *   content.
 * A refusal throws OutboundRefused: its `message` is generic (what a user may see), its `detail` is for the log.
 *
 * Tests reach local servers through a test-only allow list (the `testAllow` option or OUTBOUND_TEST_ALLOW,
 * comma-separated host names or IP addresses; OUTBOUND_TEST_CA_FILE names a PEM certificate for a local https
 * stand-in). All are ignored when NODE_ENV is production.
 */
export class OutboundRefused extends Error {
  constructor(
    readonly detail: string,
    message = 'This address cannot be reached',
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface TTestAllow {
  /** Host names or IP literals reachable even when not public, on any port, over http too. */
  hosts: string[];
  /** Extra CA certificate(s) for a local https stand-in. */
  ca?: string | Buffer;
}

export interface TOutboundOptions {
  /** Ports that may be connected to (default: 443). */
  ports?: number[];
  /** Test-only: ignored when NODE_ENV is production. */
  testAllow?: TTestAllow;
  /** Name resolution (default: the system resolver, all addresses). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

export interface TFetchOptions extends TOutboundOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** The first bytes of the body must satisfy this (content sniffing); otherwise refused. */
  sniff?: (head: Buffer) => boolean;
  headers?: Record<string, string>;
}

export interface TFetched {
  body: Buffer;
  contentType: string | null;
  /** The URL the body came from, after redirects. */
  url: string;
  /** The Content-Disposition header's file name, when given. */
  filename: string | null;
}

const PUBLIC_RANGES = new Set(['unicast']);

const prefix = (address: string, bits: number): [ipaddr.IPv6, number] => [ipaddr.IPv6.parse(address), bits];

/**
 * IPv6 prefixes whose last 32 bits are an IPv4 address the packet ends up at: IPv4-compatible (::/96, deprecated
 * but still routed by some stacks, e.g. `::7f00:1`), IPv4-mapped (::ffff:0:0/96) and SIIT-translated
 * (::ffff:0:0:0/96). Each is judged as the IPv4 address it carries.
 */
const CARRIES_IPV4 = [prefix('::', 96), prefix('::ffff:0:0', 96), prefix('::ffff:0:0:0', 96)];

/**
 * Prefixes that reach IPv4 through a translator or a tunnel (NAT64 well-known and local-use, 6to4, Teredo):
 * refused whatever they carry, since the translator may sit inside the network.
 */
const TRANSLATED = [
  prefix('64:ff9b::', 96),
  prefix('64:ff9b:1::', 48),
  prefix('2002::', 16),
  prefix('2001::', 32),
];

/**
 * True for an address on the public internet only. An IPv6 address carrying an IPv4 one (compatible, mapped,
 * translated: `::7f00:1`, `::ffff:127.0.0.1`, `::ffff:7f00:1`) is judged as the IPv4 it carries; NAT64 and
 * tunnel prefixes are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return PUBLIC_RANGES.has(parsed.range());
  const v6 = parsed as ipaddr.IPv6;
  if (CARRIES_IPV4.some((range) => v6.match(range))) {
    const bytes = v6.toByteArray().slice(12);
    return PUBLIC_RANGES.has(new ipaddr.IPv4(bytes).range());
  }
  if (TRANSLATED.some((range) => v6.match(range))) return false;
  return PUBLIC_RANGES.has(v6.range());
}

const envAllow = (): TTestAllow | undefined => {
  const raw = process.env.OUTBOUND_TEST_ALLOW;
  if (!raw) return undefined;
  return {
    hosts: raw
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    ...(process.env.OUTBOUND_TEST_CA_FILE
      ? { ca: readFileSync(process.env.OUTBOUND_TEST_CA_FILE, 'utf8') }
      : {}),
  };
};

/** The test-only allow list in force (never in production). */
export function testAllowList(options: Pick<TOutboundOptions, 'testAllow'> = {}): TTestAllow | undefined {
  if (process.env.NODE_ENV === 'production') return undefined;
  const fromEnv = envAllow();
  const hosts = [...(options.testAllow?.hosts ?? []), ...(fromEnv?.hosts ?? [])].map((h) => h.toLowerCase());
  if (hosts.length === 0) return undefined;
  return { hosts, ca: options.testAllow?.ca ?? fromEnv?.ca };
}

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

const isAllowListed = (host: string, allow: TTestAllow | undefined) =>
  allow !== undefined && allow.hosts.includes(bareHost(host));

const systemResolve = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * Resolves `host` and returns its first address when every address it has is public (or the host is on the
 * test allow list). An IP literal is checked as it is.
 */
export async function resolvePublicAddress(
  host: string,
  port: number,
  options: TOutboundOptions = {},
): Promise<LookupAddress> {
  const allow = testAllowList(options);
  const name = bareHost(host);
  const allowListed = isAllowListed(name, allow);
  if (!allowListed && !(options.ports ?? [443]).includes(port))
    throw new OutboundRefused(`port ${port} of ${name} is not allowed`);
  let addresses: LookupAddress[];
  if (isIP(name)) addresses = [{ address: name, family: isIP(name) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(name);
    } catch (error) {
      throw new OutboundRefused(`${name} does not resolve: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefused(`${name} has no address`);
  if (!allowListed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new OutboundRefused(`${name} resolves to ${bad.address}, which is not a public address`);
  }
  return addresses[0]!;
}

type TLookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A socket `lookup` that resolves through the guard: the address checked is the address connected to. */
function guardedLookup(port: number, options: TOutboundOptions) {
  return (hostname: string, lookupOptions: { all?: boolean }, callback: TLookupCallback) => {
    resolvePublicAddress(hostname, port, options).then(
      (a) => (lookupOptions.all ? callback(null, [a]) : callback(null, a.address, a.family)),
      (error: Error) => callback(Object.assign(error, { code: 'EREFUSED_OUTBOUND' }), '', 0),
    );
  };
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (RFC 5987, charset and language
 * dropped) preferred over `filename`, quoted strings unescaped, by the `content-disposition` package. A header
 * it cannot parse gives no name.
 */
const dispositionFilename = (header: string | string[] | undefined): string | null => {
  if (typeof header !== 'string' || header === '') return null;
  try {
    const name = parseContentDisposition(header).parameters.filename;
    return typeof name === 'string' && name !== '' ? name.slice(0, 200) : null;
  } catch {
    return null;
  }
};

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Checks scheme, port and (for an IP literal, which never reaches `lookup`) the address of one URL. */
async function checkUrl(url: URL, options: TOutboundOptions): Promise<void> {
  const allow = testAllowList(options);
  const allowListed = isAllowListed(url.hostname, allow);
  if (url.protocol !== 'https:' && !(allowListed && url.protocol === 'http:'))
    throw new OutboundRefused(`${url.protocol} URLs are not allowed (https only)`);
  if (url.username || url.password) throw new OutboundRefused('URLs with credentials are not allowed');
  await resolvePublicAddress(url.hostname, defaultPort(url), options);
}

/**
 * GETs a tenant-supplied https URL through the guard: each hop (redirects included) is checked and connected
 * to its checked address; the body is read up to `maxBytes` within `timeoutMs` and sniffed.
 */
export async function guardedFetch(rawUrl: string, options: TFetchOptions): Promise<TFetched> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundRefused(`not a URL: ${rawUrl.slice(0, 200)}`);
  }
  const allow = testAllowList(options);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    await checkUrl(url, options);
    const agent = new Agent({
      connect: {
        lookup: guardedLookup(defaultPort(url), options) as never,
        ...(allow?.ca ? { ca: allow.ca } : {}),
      },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: { 'user-agent': 'Dealflow/1.0', accept: '*/*', ...options.headers },
      }).catch((error: Error & { cause?: Error }) => {
        const cause = error.cause ?? error;
        if (cause instanceof OutboundRefused) throw cause;
        if (error.name === 'TimeoutError' || error.name === 'AbortError')
          throw new OutboundRefused(`${url.host} did not answer within ${options.timeoutMs} ms`);
        throw new OutboundRefused(`${url.host}: ${cause.message}`);
      });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) throw new OutboundRefused(`more than ${maxRedirects} redirects`);
        url = new URL(String(res.headers.location), url);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => undefined);
        throw new OutboundRefused(`${url.host} answered ${res.statusCode}`);
      }
      const length = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length > options.maxBytes) {
        res.body.destroy();
        throw new OutboundRefused(`${length} bytes is over the ${options.maxBytes}-byte cap`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > options.maxBytes) {
            res.body.destroy();
            throw new OutboundRefused(`the body passed the ${options.maxBytes}-byte cap`);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (error) {
        if (error instanceof OutboundRefused) throw error;
        throw new OutboundRefused(`${url.host}: reading the body failed: ${(error as Error).message}`);
      }
      const body = Buffer.concat(chunks);
      if (options.sniff && !options.sniff(body.subarray(0, 16)))
        throw new OutboundRefused(
          `${url.href} is not the expected content (starts ${body.subarray(0, 8).toString('hex')})`,
        );
      const filename = dispositionFilename(res.headers['content-disposition']);
      const type = res.headers['content-type'];
      return {
        body,
        contentType: typeof type === 'string' ? type : null,
        url: url.href,
        filename,
      };
    } finally {
      void agent.close().catch(() => undefined);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { isCrossSiteRequest, loggerOptions } from '@dealflow/service-kit';
import helmet, { type HelmetOptions } from 'helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { TGatewayConfig } from './config.js';
import { registerDocs } from './docs.js';
import { GatewayError, installErrorHandler, labelOf, upstreamFailure } from './errors.js';
import { IdentityClient, readSessionTokens } from './identity.js';
import { UpstreamProxy } from './proxy.js';
import { batchedRedisStore } from './rate-limit-store.js';
import { findUpstream, remotesFromConfig, upstreamUrls, type TUpstreamName } from './upstreams.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isSafeMethod = (method: string) => SAFE_METHODS.has(method);
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Paths that never fall back to the shell's index.html: they answer JSON 404s. */
const NON_PAGE_PREFIXES = ['/api/', '/webhooks/', '/internal/', '/remotes/', '/pay/'];
/** Content-hashed build output (rspack `[name].[contenthash:8].js`): cached for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|mjs|woff2?|png|svg|jpg|webp)$/;
/** Client headers the services must never see from outside: only the gateway sets them. */
const GATEWAY_ONLY_HEADERS = new Set(['x-identity-token', 'x-internal-token']);
/** A remote's static files need none of the visitor's credentials. */
const REMOTE_DROPPED_HEADERS = new Set([...GATEWAY_ONLY_HEADERS, 'cookie', 'authorization']);
/** Login, register and password reset get the strict per-IP limit. */
const AUTH_LIMITED_ROUTES = ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password'];

export interface BuildGatewayOptions {
  /** Pass false to silence logs (tests); default: pino with service-kit's options. */
  logger?: boolean;
}

/**
 * The one public origin: proxies /api/* and /webhooks/* to the owning service, turns session tokens into
 * identity's JWT, refuses cross-site cookie writes, rate limits, sets security headers, serves the shell,
 * the runtime remotes manifest and the remotes' files, and the OpenAPI document.
 */
export async function buildGateway(
  config: TGatewayConfig,
  options: BuildGatewayOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions('gateway', config.LOG_LEVEL),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.MAX_BODY_BYTES,
    // Keep-alive longer than typical load-balancer idle timeouts, so they close first.
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  });
  installErrorHandler(app);

  const upstreams = upstreamUrls(config);
  const remotes = remotesFromConfig(config);
  const identity = new IdentityClient({
    identityUrl: config.IDENTITY_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    ttlMs: config.SESSION_CACHE_TTL_MS,
    maxEntries: config.SESSION_CACHE_MAX,
    timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 5000),
  });
  app.decorate('identity', identity);
  const proxy = new UpstreamProxy({
    connections: config.UPSTREAM_CONNECTIONS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    let warned = false;
    redis.on('error', (error) => {
      if (!warned)
        app.log.warn({ err: error }, 'Redis unavailable: rate limits are not enforced until it returns');
      warned = true;
    });
    redis.on('ready', () => (warned = false));
    // Give Redis a moment to connect so the first requests are counted (they pass uncounted otherwise).
    const connecting = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      connecting.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > config.MAX_BODY_BYTES) throw new GatewayError(413, 'Request body is too large');
  });
  app.addHook('onClose', async () => {
    await identity.close();
    await proxy.close();
    redis?.disconnect();
  });

  // Same-origin everything: the remotes come through /remotes/<folder>/ unless a manifest URL elsewhere is
  // configured, whose origin is then allowed. Fluent UI (griffel) injects <style> elements: 'unsafe-inline'.
  const remoteOrigins = remotes
    .filter((r) => /^https?:/.test(r.manifest))
    .map((r) => new URL(r.manifest).origin);
  const isHttps = config.PUBLIC_URL.startsWith('https:');
  const securityHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remoteOrigins],
        connectSrc: ["'self'", ...remoteOrigins],
        frameSrc: ["'self'", ...config.CSP_FRAME_SRC.split(/\s+/).filter(Boolean)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // JSON answers of the API get OWASP's REST set instead: nothing in them may load or be framed, and the
  // 400-byte document policy is not sent on every call.
  const apiSecurityHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = securityHeaders['strict-transport-security'];
  if (hsts) apiSecurityHeaders['strict-transport-security'] = hsts;
  // Set on every answer; an upstream that sends its own (the /pay pages' CSP) overrides them.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.routeOptions.config.jsonApi ? apiSecurityHeaders : securityHeaders);
  });

  // gzip/brotli for the shell, the remotes' files and the API docs. The proxied API opts out (`compress:
  // false`): its answers are small and the per-request cost showed in the bench.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? {
          store: batchedRedisStore({
            redis,
            nameSpace: config.RATE_LIMIT_NAMESPACE,
            flushMs: config.RATE_LIMIT_FLUSH_MS,
          }),
        }
      : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new GatewayError(
        429,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  app.get('/healthz', { compress: false }, async () => ({ status: 'ok' }));
  app.get('/readyz', { compress: false }, async () => ({ status: 'ok' }));
  registerDocs(app);

  // ---- the runtime remotes manifest and the remotes' own files
  const manifest = Object.fromEntries(remotes.map((r) => [r.name, r.manifest]));
  app.get('/remotes.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(manifest),
  );
  for (const remote of remotes) {
    const target = splitUrl(remote.origin);
    app.get(`/remotes/${remote.folder}/*`, async (request, reply) => {
      const rest = request.url.slice(`/remotes/${remote.folder}/`.length);
      try {
        return await proxy.forward(request, reply, {
          origin: target.origin,
          path: `${target.base}/${rest}`,
          drop: REMOTE_DROPPED_HEADERS,
        });
      } catch (error) {
        throw upstreamFailure(`${remote.folder} remote`, error);
      }
    });
  }

  // ---- the services
  await app.register(async (proxyScope) => {
    // Bodies pass through untouched as streams (webhook signatures are computed over the raw bytes).
    proxyScope.removeAllContentTypeParsers();
    proxyScope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    const targets = Object.fromEntries(
      Object.entries(upstreams).map(([name, url]) => [name, splitUrl(url)]),
    ) as Record<TUpstreamName, { origin: string; base: string }>;

    const forward = (withIdentity: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const upstream = findUpstream(path);
      if (!upstream) throw new GatewayError(404, `Route ${request.method} ${path} not found`);
      // Identity authenticates the session token itself: requests to it need no exchange (one hop less).
      let identityToken: string | null = null;
      if (withIdentity && upstream === 'identity') refuseCrossSite(request);
      else if (withIdentity) identityToken = await resolveIdentity(request, upstream);
      const previous = request.headers['x-forwarded-for'];
      const set: Record<string, string> = {
        'x-request-id': request.id,
        'x-forwarded-for':
          config.TRUST_PROXY && typeof previous === 'string' ? `${previous}, ${request.ip}` : request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
      };
      if (identityToken) set['x-identity-token'] = identityToken;
      const target = targets[upstream];
      let sent: FastifyReply;
      try {
        sent = await proxy.forward(request, reply, {
          origin: target.origin,
          path: target.base + request.url,
          set,
          drop: GATEWAY_ONLY_HEADERS,
        });
      } catch (error) {
        throw upstreamFailure(upstream, error);
      }
      // A write to identity may have changed what the session carries (logout, new organization, role):
      // the next GET asks identity again instead of reading the cache.
      if (!isSafeMethod(request.method) && upstream === 'identity') {
        const { bearer, cookie } = readSessionTokens(request.headers);
        if (bearer) identity.invalidate(bearer);
        if (cookie) identity.invalidate(cookie);
      }
      return sent;
    };

    const refuseCrossSite = (request: FastifyRequest) => {
      if (isCrossSiteRequest(request, config.PUBLIC_URL))
        throw new GatewayError(403, 'Cross-site request refused');
    };

    /** CSRF check, then the session token -> identity JWT exchange (null: not signed in). */
    const resolveIdentity = async (
      request: FastifyRequest,
      upstream: TUpstreamName,
    ): Promise<string | null> => {
      const { bearer, cookie } = readSessionTokens(request.headers);
      if (!bearer && !cookie) return null;
      const unsafe = !isSafeMethod(request.method);
      refuseCrossSite(request);
      for (const token of bearer && cookie && bearer !== cookie ? [bearer, cookie] : [bearer ?? cookie]) {
        if (!token) continue;
        const answer = await identity.resolve(token, { fresh: unsafe, requestId: request.id });
        if (answer.kind === 'signed-in') return answer.identityToken;
        if (answer.kind === 'unavailable') {
          request.log.warn({ upstream, reason: answer.reason }, 'session introspection failed');
          throw answer.reason === 'timeout'
            ? new GatewayError(
                504,
                `The ${labelOf('identity')} took too long to respond. Please try again later.`,
              )
            : new GatewayError(
                503,
                `The ${labelOf('identity')} is temporarily unavailable. Please try again in a few moments.`,
              );
        }
      }
      return null;
    };

    const apiLimit = { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
    // `exact`: counted in Redis one by one (see rate-limit-store.ts); the general limit is counted in batches.
    const authLimit = {
      max: config.RATE_LIMIT_AUTH_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      exact: true,
    };
    for (const url of AUTH_LIMITED_ROUTES) {
      proxyScope.post(
        url,
        { compress: false, config: { rateLimit: authLimit, jsonApi: true } },
        forward(true),
      );
    }
    proxyScope.all(
      '/api/*',
      { compress: false, config: { rateLimit: apiLimit, jsonApi: true } },
      forward(true),
    );
    proxyScope.all('/pay', { compress: false, config: { rateLimit: apiLimit } }, forward(true));
    proxyScope.all('/pay/*', { compress: false, config: { rateLimit: apiLimit } }, forward(true));
    // Webhooks authenticate themselves (signatures, shared secrets) and come in bursts: no session, no limit.
    proxyScope.all('/webhooks/*', { compress: false, config: { jsonApi: true } }, forward(false));
  });

  // ---- the shell (SPA): hashed assets cached for a year, index.html always revalidated
  const shellIndex = join(config.SHELL_DIST, 'index.html');
  await app.register(fastifyStatic, {
    root: config.SHELL_DIST,
    prefix: '/',
    wildcard: true,
    index: false,
    serve: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendShell = (reply: FastifyReply) => {
    if (!existsSync(shellIndex)) {
      throw new GatewayError(503, 'The web app is not built yet: run `npm run build` (or `npm start`).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', async (_request, reply) => sendShell(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      (!/\.[a-z0-9]{1,8}$/i.test(path) || (request.headers.accept ?? '').includes('text/html'));
    // Unknown pages get the shell, which shows its own '404 Page Not Found' screen.
    if (isPage) return sendShell(reply);
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
  });

  return app;
}

/** `http://host:port/base` -> its origin and its path without the trailing slash. */
function splitUrl(url: string): { origin: string; base: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, base: parsed.pathname.replace(/\/+$/, '') };
}

/**
 * helmet's headers computed once for the configuration (no per-request nonces are used), so every answer
 * gets them for the cost of one `reply.headers()`: running helmet per request halved the gateway's throughput.
 */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
  }
  interface FastifyContextConfig {
    /** A proxied API route: JSON answers, the REST set of security headers. */
    jsonApi?: boolean;
  }
}

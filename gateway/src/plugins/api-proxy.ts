import { identityRoutes, ingestRoutes, type TServiceName } from '@dealflow/contracts';
import { traceHeaders } from '@dealflow/service-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TGatewayConfig } from '../config.js';
import { guardBody, refuseBody, type TBodyGuard } from '../body-guard.js';
import { gatewayError, upstreamFailure } from '../errors.js';
import { GATEWAY_ONLY_HEADERS, isStream } from '../proxy.js';
import { findOwner, routingTable, type TRouteKind } from '../routing.js';
import type { TSessionWrite } from './session.js';
import { readSessionTokens } from '../identity.js';
import { carriesWebhookCredential } from '../webhook-credentials.js';

export interface TApiProxyOptions {
  upstreams: TGatewayConfig['upstreams'];
  rateLimits: TGatewayConfig['rateLimits'];
  bodies: TGatewayConfig['bodies'];
  trustProxy: boolean;
}

/** Login, register and password reset get the strict per-IP limit (they guard against guessing). */
const AUTH_LIMITED_ROUTES = [identityRoutes.login, identityRoutes.register, identityRoutes.forgotPassword];

/** The organization address a mail webhook names (`?recipient=`), lower-cased; null when none. */
function recipientOf(request: FastifyRequest): string | null {
  const recipient = (request.query as { recipient?: unknown } | undefined)?.recipient;
  return typeof recipient === 'string' && recipient.length > 0 ? recipient.slice(0, 320).toLowerCase() : null;
}

/**
 * The services: every path family of the routing table derived from the contracts (routing.ts) goes to
 * the service owning its prefix. Bodies pass through untouched as streams (webhook signatures are
 * computed over the raw bytes). Encapsulated: the raw-body parser applies only here.
 */
export const apiProxy: FastifyPluginAsync<TApiProxyOptions> = async (scope, options) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const { upstreamProxy, exchangeSession, refuseCrossSite, prepareSessionWrite, apiKeyOf } = scope;
  // Each organization API key has a budget of its own, whatever address it calls from (counted once the
  // key is known valid, so a forged key spends no one's budget).
  const perApiKey = scope.createRateLimit({
    ...options.rateLimits.apiKey,
    keyGenerator: (request) => `api-key:${apiKeyOf(request)?.id}`,
  });
  const limitApiKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await perApiKey(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    reply.header('retry-after', String(verdict.ttlInSeconds));
    throw gatewayError('RATE_LIMITED', { seconds: verdict.ttlInSeconds });
  };
  // Each service's instances: one URL in a cluster (its Service), several behind one gateway locally.
  const targets = Object.fromEntries(
    Object.entries(options.upstreams).map(([name, urls]) => [name, upstreamProxy.group(urls)]),
  ) as Record<TServiceName, ReturnType<typeof upstreamProxy.group>>;

  const CLOSED_MID_BODY = new Set(['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']);
  const forward =
    ({ withSession, webhook = false }: { withSession: boolean; webhook?: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const upstream = findOwner(routingTable, path);
      if (!upstream) throw gatewayError('ROUTE_NOT_FOUND', { method: request.method, path });
      let guard: TBodyGuard | null = null;
      if (isStream(request.body)) {
        // Nothing is authenticated yet: a webhook without the credential its sender sends (webhook-credentials.ts)
        // can only be refused, so it gets little.
        const maxBytes =
          webhook && !carriesWebhookCredential(path, request.headers)
            ? options.bodies.unsignedWebhookMaxBytes
            : options.bodies.maxBytes;
        if (Number(request.headers['content-length'] ?? 0) > maxBytes)
          throw refuseBody(request, reply, gatewayError('BODY_TOO_LARGE'));
        guard = guardBody(request.body, { maxBytes, timeoutMs: options.bodies.timeoutMs });
        reply.raw.once('close', guard.dispose);
        request.body = guard.stream;
      }
      // Identity authenticates the session token itself: requests to it need no exchange (one hop less).
      let identityToken: string | null = null;
      let sessionWrite: TSessionWrite | null = null;
      if (withSession && upstream === 'identity') {
        // A request presenting a bearer is checked by identity once it knows whether the bearer is valid
        // (it refuses a cross-site write that its cookie authenticates); any other one is checked here.
        if (!readSessionTokens(request.headers).bearer) refuseCrossSite(request);
        sessionWrite = await prepareSessionWrite(request);
      } else if (withSession) {
        identityToken = await exchangeSession(request, upstream);
        if (identityToken && apiKeyOf(request)) await limitApiKey(request, reply);
      }
      const previous = request.headers['x-forwarded-for'];
      const set: Record<string, string> = {
        'x-request-id': request.id,
        'x-forwarded-for':
          options.trustProxy && typeof previous === 'string' ? `${previous}, ${request.ip}` : request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
        // The gateway's span is the service's parent (replaces a client's traceparent when tracing is on).
        ...traceHeaders(),
      };
      if (identityToken) set['x-identity-token'] = identityToken;
      let sent: FastifyReply;
      try {
        sent = await upstreamProxy.forward(request, reply, {
          upstream: targets[upstream],
          path: request.url,
          set,
          drop: GATEWAY_ONLY_HEADERS,
          ...(sessionWrite ? { beforeSend: sessionWrite.settle } : {}),
        });
      } catch (error) {
        const cutOff = guard?.failure();
        if (cutOff) throw refuseBody(request, reply, cutOff);
        // The upstream closed the connection while the client's body was still arriving: it refused the body
        // before reading it (its own body limit answers 413 and closes; the peer's reset discards that answer
        // before undici reads it, and undici reports the write's EPIPE). 413, not 502.
        const code =
          (error as { code?: string; cause?: { code?: string } }).cause?.code ??
          (error as { code?: string }).code;
        const refusedMidBody =
          isStream(request.body) && !request.raw.complete && CLOSED_MID_BODY.has(code ?? '');
        const failure = upstreamFailure(upstream, refusedMidBody ? { code: 'UPSTREAM_REFUSED_BODY' } : error);
        // The client may still be sending the body the upstream refused: answer, then close the connection.
        throw failure.statusCode === 413 ? refuseBody(request, reply, failure) : failure;
      }
      return sent;
    };

  const { api: apiLimit, webhook: webhookLimit } = options.rateLimits;
  const treatments: Record<TRouteKind, { withSession: boolean; jsonApi: boolean; limit: typeof apiLimit }> = {
    api: { withSession: true, jsonApi: true, limit: apiLimit },
    // Webhooks authenticate themselves (signatures, shared secrets) and come in bursts: no session, and a
    // per-IP limit of their own, generous (a provider posts for every tenant from a few addresses).
    webhook: { withSession: false, jsonApi: true, limit: webhookLimit },
    page: { withSession: true, jsonApi: false, limit: apiLimit },
  };
  // `compress: false`: the API's answers are small and compressing them showed in the bench.
  for (const { family, kind, bare } of routingTable.families) {
    const { withSession, jsonApi, limit } = treatments[kind];
    const routeOptions = { compress: false as const, config: { jsonApi, rateLimit: limit } };
    const handler = forward({ withSession, webhook: kind === 'webhook' });
    if (bare) scope.all(family, routeOptions, handler);
    scope.all(`${family}/*`, routeOptions, handler);
  }

  // The mail webhook is open to anyone who can send mail: a limit per organization address besides the
  // per-IP one (a flood at one organization does not spend a provider's budget for all the others).
  const perRecipient = scope.createRateLimit({
    ...options.rateLimits.mailRecipient,
    keyGenerator: (request) => `mail-recipient:${recipientOf(request)}`,
    allowList: (request) => recipientOf(request) === null,
  });
  scope.route({
    method: ingestRoutes.mailWebhook.method,
    url: ingestRoutes.mailWebhook.path,
    compress: false,
    config: { jsonApi: true, rateLimit: webhookLimit },
    onRequest: async (request) => {
      const verdict = await perRecipient(request);
      if (!verdict.isAllowed && verdict.isExceeded)
        throw gatewayError('RATE_LIMITED', { seconds: verdict.ttlInSeconds });
    },
    handler: forward({ withSession: false, webhook: true }),
  });
  // `exact`: counted in Redis one by one (see rate-limit-store.ts); the general limit is counted in batches.
  const authLimit = { ...options.rateLimits.auth, exact: true };
  for (const { method, path } of AUTH_LIMITED_ROUTES) {
    scope.route({
      method,
      url: path,
      compress: false,
      config: { rateLimit: authLimit, jsonApi: true },
      handler: forward({ withSession: true }),
    });
  }
};

import { identityRoutes, ingestRoutes, type TServiceName } from '@dealflow/contracts';
import { traceHeaders } from '@dealflow/service-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TGatewayConfig } from '../config.js';
import { guardBody, refuseBody, type TBodyGuard } from '../body-guard.js';
import { gatewayError, upstreamFailure } from '../errors.js';
import { GATEWAY_ONLY_HEADERS, isStream, splitUrl } from '../proxy.js';
import { findOwner, routingTable, type TRouteKind } from '../routing.js';
import type { TSessionWrite } from './session.js';

export interface TApiProxyOptions {
  upstreams: TGatewayConfig['upstreams'];
  rateLimits: TGatewayConfig['rateLimits'];
  bodies: TGatewayConfig['bodies'];
  trustProxy: boolean;
}

/** Login, register and password reset get the strict per-IP limit (they guard against guessing). */
const AUTH_LIMITED_ROUTES = [identityRoutes.login, identityRoutes.register, identityRoutes.forgotPassword];

/** Whether a webhook carries a credential of any kind (the service checks it; the gateway cannot). */
const carriesCredential = (headers: FastifyRequest['headers']) =>
  headers.authorization !== undefined || Object.keys(headers).some((name) => name.endsWith('signature'));

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

  const { upstreamProxy, exchangeSession, refuseCrossSite, prepareSessionWrite } = scope;
  const targets = Object.fromEntries(
    Object.entries(options.upstreams).map(([name, url]) => [name, splitUrl(url)]),
  ) as Record<TServiceName, { origin: string; base: string }>;

  const forward =
    ({ withSession, webhook = false }: { withSession: boolean; webhook?: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const upstream = findOwner(routingTable, path);
      if (!upstream) throw gatewayError('ROUTE_NOT_FOUND', { method: request.method, path });
      let guard: TBodyGuard | null = null;
      if (isStream(request.body)) {
        // Nothing is authenticated yet: a webhook without any credential can only be refused, so it gets little.
        const maxBytes =
          webhook && !carriesCredential(request.headers)
            ? options.bodies.unsignedWebhookMaxBytes
            : options.bodies.maxBytes;
        if (Number(request.headers['content-length'] ?? 0) > maxBytes)
          throw refuseBody(request, reply, gatewayError('BODY_TOO_LARGE'));
        guard = guardBody(request.body, { maxBytes, timeoutMs: options.bodies.timeoutMs });
        request.body = guard.stream;
      }
      // Identity authenticates the session token itself: requests to it need no exchange (one hop less).
      let identityToken: string | null = null;
      let sessionWrite: TSessionWrite | null = null;
      if (withSession && upstream === 'identity') {
        refuseCrossSite(request);
        sessionWrite = await prepareSessionWrite(request);
      } else if (withSession) identityToken = await exchangeSession(request, upstream);
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
      const target = targets[upstream];
      let sent: FastifyReply;
      try {
        sent = await upstreamProxy.forward(request, reply, {
          origin: target.origin,
          path: target.base + request.url,
          set,
          drop: GATEWAY_ONLY_HEADERS,
          ...(sessionWrite ? { beforeSend: sessionWrite.settle } : {}),
        });
      } catch (error) {
        const cutOff = guard?.failure();
        if (cutOff) throw refuseBody(request, reply, cutOff);
        throw upstreamFailure(upstream, error);
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

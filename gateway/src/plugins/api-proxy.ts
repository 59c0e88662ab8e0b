import { identityRoutes, type TServiceName } from '@dealflow/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TGatewayConfig } from '../config.js';
import { gatewayError, upstreamFailure } from '../errors.js';
import { GATEWAY_ONLY_HEADERS, splitUrl } from '../proxy.js';
import { findOwner, routingTable, type TRouteKind } from '../routing.js';

export interface TApiProxyOptions {
  upstreams: TGatewayConfig['upstreams'];
  rateLimits: TGatewayConfig['rateLimits'];
  trustProxy: boolean;
}

/** Login, register and password reset get the strict per-IP limit (they guard against guessing). */
const AUTH_LIMITED_ROUTES = [identityRoutes.login, identityRoutes.register, identityRoutes.forgotPassword];

/**
 * The services: every path family of the routing table derived from the contracts (routing.ts) goes to
 * the service owning its prefix. Bodies pass through untouched as streams (webhook signatures are
 * computed over the raw bytes). Encapsulated: the raw-body parser applies only here.
 */
export const apiProxy: FastifyPluginAsync<TApiProxyOptions> = async (scope, options) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const { upstreamProxy, exchangeSession, refuseCrossSite, forgetSession } = scope;
  const targets = Object.fromEntries(
    Object.entries(options.upstreams).map(([name, url]) => [name, splitUrl(url)]),
  ) as Record<TServiceName, { origin: string; base: string }>;

  const forward =
    ({ withSession }: { withSession: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const upstream = findOwner(routingTable, path);
      if (!upstream) throw gatewayError('ROUTE_NOT_FOUND', { method: request.method, path });
      // Identity authenticates the session token itself: requests to it need no exchange (one hop less).
      let identityToken: string | null = null;
      if (withSession && upstream === 'identity') refuseCrossSite(request);
      else if (withSession) identityToken = await exchangeSession(request, upstream);
      const previous = request.headers['x-forwarded-for'];
      const set: Record<string, string> = {
        'x-request-id': request.id,
        'x-forwarded-for':
          options.trustProxy && typeof previous === 'string' ? `${previous}, ${request.ip}` : request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
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
        });
      } catch (error) {
        throw upstreamFailure(upstream, error);
      }
      if (upstream === 'identity') forgetSession(request);
      return sent;
    };

  const treatments: Record<TRouteKind, { withSession: boolean; jsonApi: boolean; limited: boolean }> = {
    api: { withSession: true, jsonApi: true, limited: true },
    // Webhooks authenticate themselves (signatures, shared secrets) and come in bursts: no session, no limit.
    webhook: { withSession: false, jsonApi: true, limited: false },
    page: { withSession: true, jsonApi: false, limited: true },
  };
  // `compress: false`: the API's answers are small and compressing them showed in the bench.
  for (const { family, kind, bare } of routingTable.families) {
    const { withSession, jsonApi, limited } = treatments[kind];
    const routeOptions = {
      compress: false as const,
      config: { jsonApi, ...(limited ? { rateLimit: options.rateLimits.api } : {}) },
    };
    if (bare) scope.all(family, routeOptions, forward({ withSession }));
    scope.all(`${family}/*`, routeOptions, forward({ withSession }));
  }
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

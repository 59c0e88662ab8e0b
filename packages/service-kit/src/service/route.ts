import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyScopeFor, type ApiRoute, type TRouteAuth } from '@dealflow/contracts';
import { INTERNAL_TOKEN_HEADER, safeEqual } from '../auth.js';
import { KitError } from '../errors.js';
import type { Infer, RouteRequest, TActorBase, TActorFor, TRouteCall, TRouteOptions } from './route-types.js';
import type { ServiceApp } from './types.js';
/** One message per rule, whichever service answers. */
const AUTH_FAILURES = {
  signIn: () => new KitError('UNAUTHORIZED'),
  organization: () => new KitError('NO_ORGANIZATION'),
  owner: () => new KitError('NOT_OWNER'),
  internal: () => new KitError('INTERNAL_TOKEN'),
  apiKeyRoute: () => new KitError('API_KEY_NOT_ALLOWED'),
  apiKeyScope: () => new KitError('API_KEY_READ_ONLY'),
};

/**
 * The one rule for organization API keys: a key reaches only the routes its contract marks `apiKey`, and
 * a route that writes only with a write key. On a public route a key is no one (anonymous).
 */
function admitApiKey<A extends TActorBase>(route: ApiRoute, actor: A | null): A | null {
  if (!actor?.apiKey) return actor;
  const needed = apiKeyScopeFor(route);
  if (needed === null) {
    if (route.auth === 'public') return null;
    throw AUTH_FAILURES.apiKeyRoute();
  }
  if (needed === 'write' && actor.apiKey.scope !== 'write') throw AUTH_FAILURES.apiKeyScope();
  return actor;
}

/** Checks a route's declared auth and returns the actor its handler is typed for. */
async function authorize<A extends TActorBase>(
  route: ApiRoute,
  request: FastifyRequest,
  authenticate: (request: FastifyRequest) => Promise<A | null>,
  internalToken: string,
): Promise<A | null> {
  const auth: TRouteAuth = route.auth;
  switch (auth) {
    case 'signature':
      return null;
    case 'internal': {
      const presented = request.headers[INTERNAL_TOKEN_HEADER];
      if (typeof presented !== 'string' || !safeEqual(presented, internalToken))
        throw AUTH_FAILURES.internal();
      return null;
    }
    case 'public':
      return admitApiKey(route, await authenticate(request));
    default: {
      const actor = admitApiKey(route, await authenticate(request));
      if (!actor) throw AUTH_FAILURES.signIn();
      if (auth === 'session') return actor;
      if (actor.orgId === null) throw AUTH_FAILURES.organization();
      if (auth === 'owner' && actor.role !== 'owner') throw AUTH_FAILURES.owner();
      return actor;
    }
  }
}

export function registerRoute<R extends ApiRoute, A extends TActorBase>(
  app: ServiceApp,
  def: R,
  handler: (call: TRouteCall<R, A>) => Promise<unknown>,
  options: TRouteOptions,
  authenticate: (request: FastifyRequest) => Promise<A | null>,
  internalToken: string,
): void {
  const actors = new WeakMap<FastifyRequest, A | null>();
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: def.responses,
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    // Auth runs before the body is validated: an anonymous caller learns nothing about the body's rules.
    preValidation: async (request) => {
      actors.set(request, await authorize(def, request, authenticate, internalToken));
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      handler({
        actor: (actors.get(request) ?? null) as TActorFor<R['auth'], A>,
        body: request.body as Infer<R['body']>,
        query: request.query as Infer<R['query']>,
        params: request.params as Infer<R['params']>,
        request: request as RouteRequest<R>,
        reply,
      }),
  });
}

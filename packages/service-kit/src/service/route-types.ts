import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute, TRole, TRouteAuth } from '@dealflow/contracts';
import type { Identity, TApiKeyActor } from '../auth.js';
import type { ServiceApp } from './types.js';

/** What every actor has: who is calling, in which organization, with which role. */
export interface TActorBase {
  userId: number;
  orgId: number | null;
  role: TRole;
  /** Set when an organization API key authenticated the request (see `authorize`). */
  apiKey?: TApiKeyActor;
}

/** The actor a handler receives, narrowed by the route's declared `auth`. */
export type TActorFor<Auth extends TRouteAuth, A extends TActorBase> = Auth extends 'session'
  ? A
  : Auth extends 'member'
    ? A & { orgId: number }
    : Auth extends 'owner'
      ? A & { orgId: number; role: 'owner' }
      : Auth extends 'public'
        ? A | null
        : null;

export type Infer<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Body: Infer<R['body']>;
  Querystring: Infer<R['query']>;
  Params: Infer<R['params']>;
}>;

/** What a route handler is given: the authorized actor and the parsed request. */
export interface TRouteCall<R extends ApiRoute, A extends TActorBase> {
  actor: TActorFor<R['auth'], A>;
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  params: Infer<R['params']>;
  request: RouteRequest<R>;
  reply: FastifyReply;
}

export interface TRouteOptions {
  bodyLimit?: number;
  /**
   * Runs before the body is read (and before the route's auth): refuses a request on its headers alone, e.g. a
   * webhook whose credential is in a header, so a stranger's 25 MB body is never buffered.
   */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Runs after auth, before the handler (e.g. a signature check that needs the raw body). */
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Registers contract routes on one service; `route()` enforces each route's declared auth. */
export interface TRouter<A extends TActorBase = Identity> {
  /** The Fastify instance, for what is not a contract route (content-type parsers, HTML pages). */
  app: ServiceApp;
  route<R extends ApiRoute>(
    def: R,
    handler: (call: TRouteCall<R, A>) => Promise<unknown>,
    options?: TRouteOptions,
  ): void;
}

import type { z } from 'zod';
import type { TApiTag } from './api-tags.js';

export type THttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call a route. service-kit's `route()` enforces it and hands the handler the matching actor:
 * - `public`: anyone (the actor is the signed-in caller when there is one, else null);
 * - `session`: signed in, with or without an organization;
 * - `member`: signed in and belonging to an organization (owner or member);
 * - `owner`: signed in as the owner of an organization;
 * - `signature`: a third party that signs its request (Stripe, mail providers); the handler verifies it;
 * - `internal`: another service of ours, presenting INTERNAL_API_TOKEN (never routed by the gateway).
 */
export type TRouteAuth = 'public' | 'session' | 'member' | 'owner' | 'signature' | 'internal';

/**
 * One HTTP route: the single description the service (validation, auth), the OpenAPI document, the
 * gateway's routing table and the typed client are built from.
 */
export interface ApiRoute {
  method: THttpMethod;
  path: string;
  summary: string;
  /**
   * What the summary leaves out, for the people who call the API (the OpenAPI operation's description,
   * followed by who may call it). Absent: the summary is the description's first sentence.
   */
  description?: string;
  /**
   * The OpenAPI document's tag of the operation: one of api-tags.ts, where each has its description (the
   * contracts' test and `npm run lint:openapi` fail on a tag declared nowhere). A string, so that test route
   * tables may use any.
   */
  tag: TApiTag | (string & {});
  auth: TRouteAuth;
  body?: z.ZodType;
  /** A body read as bytes, not JSON (a raw RFC 5322 message): its media type, for the OpenAPI document. */
  rawBody?: string;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Response schemas by status code. Errors use ZErrorBody. */
  responses: Record<number, z.ZodType>;
  /**
   * What an error status means for this route, when the document's general wording for that status
   * (openapi.ts, `errorMeaning`) says too little.
   */
  errors?: Partial<Record<number, string>>;
  /**
   * Whether an organization API key (`Authorization: Bearer dfk_live_...`) may call this route, and with
   * which scope: `read` (a read or write key) or `write` (a write key only). Absent: API keys are refused
   * (identity, billing, team management...). service-kit's `route()` enforces it (`apiKeyScopeFor`).
   */
  apiKey?: TApiKeyScope;
}

export type TApiKeyScope = 'read' | 'write';

/**
 * The scope an API key needs for a route, or null when API keys may not call it at all. A route that
 * changes something needs a write key whatever it declares: only GET is a read.
 */
export const apiKeyScopeFor = (route: Pick<ApiRoute, 'method' | 'apiKey'>): TApiKeyScope | null =>
  route.apiKey === undefined ? null : route.method === 'GET' ? route.apiKey : 'write';

export const defineRoutes = <T extends Record<string, ApiRoute>>(routes: T): T => routes;

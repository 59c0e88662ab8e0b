import type { z } from 'zod';

export type THttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One public HTTP route: the single description both the service (validation) and the OpenAPI
 * document are built from. `auth`: public (anyone), session (signed in), owner (owner of the org).
 */
export interface ApiRoute {
  method: THttpMethod;
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'session' | 'owner' | 'signature';
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Response schemas by status code. Errors use ZErrorBody. */
  responses: Record<number, z.ZodType>;
}

export const defineRoutes = <T extends Record<string, ApiRoute>>(routes: T): T => routes;

import type { ApiRoute, TRouteAuth } from './http.js';
import { toJsonSchema } from './json-schema.js';
import { ownedRoutes } from './routes.js';

/** The public API: every route but the service-to-service ones (the gateway never routes /internal). */
export const allRoutes: ApiRoute[] = ownedRoutes.map((r) => r.route).filter((r) => r.auth !== 'internal');

const signedIn = [{ sessionCookie: [] }, { bearer: [] }];
const security: Record<TRouteAuth, unknown[]> = {
  public: [],
  signature: [],
  internal: [],
  session: signedIn,
  member: signedIn,
  owner: signedIn,
};

/** OpenAPI 3.1 document of the public HTTP API, built from the same zod schemas the services validate with. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of allRoutes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const json = toJsonSchema(schema, 'input');
      const required = new Set((json.required as string[]) ?? []);
      for (const [name, prop] of Object.entries((json.properties as Record<string, unknown>) ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = {
        description: Number(status) < 400 ? 'Success' : 'Error: {message, details?}',
        content: { 'application/json': { schema: toJsonSchema(schema) } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      security: security[route.auth],
      ...(route.auth === 'owner'
        ? { description: 'Owner of the organization only.' }
        : route.auth === 'member'
          ? { description: 'Members of an organization (owner or member).' }
          : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Deal-flow API', version: '1.0.0' },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'df_session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The sessionId returned by login' },
      },
    },
    paths,
  };
}

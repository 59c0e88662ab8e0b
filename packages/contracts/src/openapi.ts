import { apiKeyScopeFor, type ApiRoute, type TRouteAuth } from './http.js';
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

/** How a program calls a route with an organization API key: the curl line in its description. */
function apiKeyUsage(route: ApiRoute, scope: 'read' | 'write'): string {
  const path = route.path.replace(/:(\w+)/g, '1');
  const write = route.method !== 'GET';
  const curl = [
    `curl${write ? ` -X ${route.method}` : ''} https://YOUR-HOST${path}`,
    '  -H "Authorization: Bearer $DEALFLOW_API_KEY"',
    ...(write ? ['  -H "Content-Type: message/rfc822"', '  --data-binary @message.eml'] : []),
  ].join(' \\\n');
  return [
    `API key: a ${scope === 'write' ? 'write' : 'read or write'}-scope organization key (Pro) is accepted.`,
    '',
    '```sh',
    curl,
    '```',
  ].join('\n');
}

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
    const keyScope = apiKeyScopeFor(route);
    const who =
      route.auth === 'owner'
        ? 'Owner of the organization only.'
        : route.auth === 'member'
          ? 'Members of an organization (owner or member).'
          : null;
    const description = [who, keyScope ? apiKeyUsage(route, keyScope) : null].filter(Boolean).join('\n\n');
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      security: keyScope ? [...security[route.auth], { apiKey: [] }] : security[route.auth],
      ...(keyScope ? { 'x-api-key-scope': keyScope } : {}),
      ...(description ? { description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
            },
          }
        : route.rawBody
          ? {
              requestBody: {
                required: true,
                content: { [route.rawBody]: { schema: { type: 'string', format: 'binary' } } },
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
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'dfk_live_<id>_<secret>',
          description:
            'An organization API key (Pro plan), created by the owner in Settings > Organization > API keys and ' +
            'shown once. Read keys call the GET routes that list this scheme; write keys also submit messages. ' +
            'Each key has its own rate limit (429 with Retry-After).',
        },
      },
    },
    paths,
  };
}

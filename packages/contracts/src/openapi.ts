import { ApiTags } from './api-tags.js';
import { ZErrorBody } from './common.js';
import { apiKeyScopeFor, type ApiRoute, type TRouteAuth } from './http.js';
import { toJsonSchema } from './json-schema.js';
import { DEFAULT_SUPPORT_EMAIL } from './plans.js';
import { ownedRoutes } from './routes.js';

/** The public API (the gateway never routes /internal), each route with its name in its route table. */
export const publicRoutes = ownedRoutes.filter(({ route }) => route.auth !== 'internal');
/** The public API: every route but the service-to-service ones. */
export const allRoutes: ApiRoute[] = publicRoutes.map((r) => r.route);

const signedIn = [{ sessionCookie: [] }, { bearer: [] }];
const security: Record<TRouteAuth, unknown[]> = {
  public: [],
  signature: [],
  internal: [],
  session: signedIn,
  member: signedIn,
  owner: signedIn,
};

/** Who may call a route: the sentence every operation's description carries. */
const whoMayCall: Record<TRouteAuth, string> = {
  public: 'Open to anyone, signed in or not (a signed-in caller is recognised by their session).',
  session: 'Any signed-in person (session cookie or bearer session id), with or without an organization.',
  member: 'Members of an organization (owner or member).',
  owner: 'Owner of the organization only.',
  signature:
    'Called by the provider that signs the request (the signature is verified); not for API clients.',
  internal: 'Another service of ours only (INTERNAL_API_TOKEN).',
};

/** The general meaning of each error status the routes declare; a route's `errors` may say more. */
function errorMeaning(status: number, auth: TRouteAuth): string {
  switch (status) {
    case 400:
      return 'Invalid input: the body, query or path does not match the schema (`details` says where), or the request cannot be carried out as asked.';
    case 401:
      return auth === 'signature'
        ? 'The signature or the shared secret is missing or wrong.'
        : 'Not authenticated: no session or API key, or it expired or was revoked.';
    case 402:
      return "Payment required: the organization's plan does not include this (Pro).";
    case 403:
      return auth === 'owner'
        ? 'Forbidden: the caller is not the owner of an organization, or the session or plan does not allow this.'
        : auth === 'member'
          ? 'Forbidden: the caller belongs to no organization, or the session, role or plan does not allow this.'
          : 'Forbidden: the caller may not do this.';
    case 404:
      return "Not found: no such resource in the caller's organization.";
    case 409:
      return 'Conflict: the current state does not allow this (already done, taken, or changed meanwhile).';
    case 410:
      return 'Gone: the link or token expired or was already used.';
    case 413:
      return 'Payload too large: the body is over the size limit.';
    case 429:
      return 'Too many requests: a rate limit was reached; try again after the seconds in Retry-After.';
    case 502:
      return 'Bad gateway: a provider this route depends on failed or answered in a way we could not use.';
    case 503:
      return 'Service unavailable: a dependency is down or not configured; try again later.';
    default:
      return status >= 500 ? 'Server error.' : 'Client error.';
  }
}

const successMeaning: Record<number, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted: the work goes on after the answer.',
  204: 'Done; no body.',
};

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** How a program calls a route with an organization API key: the curl line in its description. */
function apiKeyUsage(route: ApiRoute, scope: 'read' | 'write', origin: string): string {
  const path = route.path.replace(/:(\w+)/g, '1');
  const write = route.method !== 'GET';
  const curl = [
    `curl${write ? ` -X ${route.method}` : ''} ${origin}${path}`,
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

/** The summary as a sentence: the operation's description starts with it when the route has none. */
const asSentence = (text: string) => (/[.!?)]$/.test(text) ? text : `${text}.`);

/** The operation's description: what it does, who may call it, and how with an API key. */
function describe(route: ApiRoute, origin: string): string {
  const keyScope = apiKeyScopeFor(route);
  return [
    route.description ?? asSentence(route.summary),
    whoMayCall[route.auth],
    keyScope ? apiKeyUsage(route, keyScope, origin) : null,
  ]
    .filter(Boolean)
    .join('\n\n');
}

function responsesOf(route: ApiRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  // Every API route passes the gateway's per-IP rate limit: 429 is a possible answer of each.
  const declared = { 429: ZErrorBody, ...route.responses };
  for (const [status, schema] of Object.entries(declared)) {
    const code = Number(status);
    const description =
      code < 400
        ? (successMeaning[code] ?? 'Success.')
        : (route.errors?.[code] ?? errorMeaning(code, route.auth));
    responses[status] = {
      description,
      ...(code === 429 || code === 503 ? { headers: retryAfter } : {}),
      content: { 'application/json': { schema: toJsonSchema(schema) } },
    };
  }
  return responses;
}

function parametersOf(route: ApiRoute): unknown[] {
  const parameters: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input');
    const required = new Set((json.required as string[]) ?? []);
    for (const [name, prop] of Object.entries((json.properties as Record<string, unknown>) ?? {})) {
      const { description, ...rest } = prop as Record<string, unknown>;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

function requestBodyOf(route: ApiRoute) {
  if (route.body)
    return {
      required: true,
      content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
    };
  if (route.rawBody)
    return {
      required: true,
      content: { [route.rawBody]: { schema: { type: 'string', format: 'binary' } } },
    };
  return null;
}

export interface TOpenApiOptions {
  /**
   * The public URL of the gateway serving the API (its PUBLIC_URL). Absent: the committed document names
   * the host that serves it, as a relative server `/`.
   */
  publicUrl?: string;
}

/** OpenAPI 3.1 document of the public HTTP API, built from the same zod schemas the services validate with. */
export function buildOpenApi(options: TOpenApiOptions = {}) {
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  // Where the curl lines and the Terms link point: the installation, or a placeholder for it.
  const origin = publicUrl ?? 'https://YOUR-HOST';
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const { name, route } of publicRoutes) {
    // The route's name in its table is the operationId SDK generators name their functions by.
    if (operationIds.has(name)) throw new Error(`Two public routes are named ${name}: names must be unique`);
    operationIds.add(name);
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const keyScope = apiKeyScopeFor(route);
    const parameters = parametersOf(route);
    const requestBody = requestBodyOf(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: name,
      summary: route.summary,
      description: describe(route, origin),
      tags: [route.tag],
      security: keyScope ? [...security[route.auth], { apiKey: [] }] : security[route.auth],
      ...(keyScope ? { 'x-api-key-scope': keyScope } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(route),
    };
  }
  const usedTags = new Set(publicRoutes.map(({ route }) => route.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Deal-flow API',
      version: '1.0.0',
      description: [
        'The HTTP API of Deal-flow, the deal-flow inbox for investors: pitch-deck emails become company',
        'records and CRM deals. The web app uses it with a session; programs use an organization API key',
        '(Pro plan) on the routes that accept one. Every error answers `{message, details?}` as JSON.',
      ].join(' '),
      contact: { name: 'Deal-flow support', email: DEFAULT_SUPPORT_EMAIL },
      // The Terms page of the installation (a license URL must be absolute, unlike a server URL).
      license: {
        name: 'Proprietary: use of the API is governed by the Terms of Service',
        url: `${origin}/terms`,
      },
    },
    servers: [
      {
        url: publicUrl ?? '/',
        description: publicUrl
          ? 'This Deal-flow installation'
          : 'The Deal-flow installation serving this document (its gateway, GET /api/docs)',
      },
    ],
    tags: (Object.entries(ApiTags) as [keyof typeof ApiTags, string][])
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'df_session',
          description: 'The session cookie set at sign-in (HttpOnly; the web app sends it).',
        },
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

import type { ApiRoute } from '@dealflow/contracts';
import fc from 'fast-check';
import { z } from 'zod';

/*
 * The fuzz suite's inputs (fuzz.test.ts): for each route of the contracts' tables, requests whose path
 * parameters, query and body come from fast-check arbitraries built from the route's zod schemas (as JSON
 * Schema): values that fit (so the handler's code is reached), values at and just past each bound, values of
 * the wrong type, missing required fields, extra and prototype-polluting keys, and hostile strings and bodies.
 */

export interface TFuzzActor {
  name: string;
  cookie: string | null;
}

export interface TFuzzRequest {
  actor: TFuzzActor;
  route: ApiRoute;
  url: string;
  body?: string;
  contentType?: string;
}

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | TSchema;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '%00',
  '\uD800',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '2147483648',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'a'.repeat(10_000),
  'é'.repeat(3_000),
  '🙂'.repeat(2_000),
  '\r\nSet-Cookie: x=1',
];
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -2_147_483_649,
  2_147_483_647,
  2_147_483_648,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
);
const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer(), fc.double({ noNaN: true }));
const wrongType = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const typesOf = (s: TSchema): string[] =>
  Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];

/** A value that fits the schema (within its bounds), for the handler's code to be reached. */
function fitting(s: TSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fitting(a, depth + 1)));
  if (s.allOf?.length) return fitting(s.allOf[0]!, depth + 1);
  const type = typesOf(s)[0];
  switch (type) {
    case 'string': {
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1000, -2_147_483_648),
        max: Math.min(s.maximum ?? 100_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items && depth < 4 ? fitting(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 6),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = fitting(v, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value at or just past one of the schema's bounds, or of the wrong type. */
function breaking(s: TSchema, depth = 0): fc.Arbitrary<unknown> {
  const type = typesOf(s)[0];
  const edges: fc.Arbitrary<unknown>[] = [wrongType];
  if (type === 'string') {
    const lengths = [s.minLength, s.maxLength].filter((n): n is number => n !== undefined);
    for (const n of lengths) {
      edges.push(
        fc.constant('x'.repeat(Math.min(n + 1, 200_000))),
        fc.constant('x'.repeat(Math.max(n - 1, 0))),
      );
      edges.push(fc.constant('é'.repeat(Math.min(n + 1, 200_000))));
    }
    edges.push(hostileString);
  }
  if (type === 'integer' || type === 'number') {
    for (const n of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum])
      if (n !== undefined) edges.push(fc.constantFrom(n - 1, n, n + 1, n + 0.5));
    edges.push(hostileNumber, fc.constantFrom('1', '1.5', '', 'NaN'));
  }
  if (type === 'array') {
    if (s.maxItems !== undefined)
      edges.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => (s.items ? null : 1))));
    edges.push(fc.constant(Array.from({ length: 5_000 }, (_, i) => i)));
  }
  if (type === 'object' && depth < 3) {
    const props = Object.entries(s.properties ?? {});
    if (props.length > 0)
      edges.push(
        fc
          .tuple(fitting(s) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...props), fc.boolean())
          .chain(([base, [key, sub], drop]) =>
            breaking(sub, depth + 1).map((bad) => {
              const copy: Record<string, unknown> = { ...base };
              if (drop) delete copy[key];
              else copy[key] = bad;
              return copy;
            }),
          ),
      );
  }
  return fc.oneof(...edges);
}

/** Fitting most of the time, broken or plain hostile otherwise. */
const valueFor = (s: TSchema | null): fc.Arbitrary<unknown> =>
  s
    ? fc.oneof(
        { weight: 3, arbitrary: fitting(s) },
        { weight: 3, arbitrary: breaking(s) },
        { weight: 1, arbitrary: wrongType },
      )
    : wrongType;

const schemaOf = (zod: z.ZodType | undefined): TSchema | null => {
  if (!zod) return null;
  try {
    return z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as TSchema;
  } catch {
    return null;
  }
};

/** Bodies no schema describes: broken JSON, deep nesting, prototype keys, a large body, the wrong type. */
const RAW_BODIES: { body: string; contentType?: string }[] = [
  { body: '{', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: '"x"', contentType: 'application/json' },
  {
    body: '{"__proto__":{"isAdmin":true,"role":"owner"},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  },
  { body: '['.repeat(20_000) + ']'.repeat(20_000), contentType: 'application/json' },
  { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>', contentType: 'application/xml' },
  { body: '\u0000\u0001\u0002', contentType: 'text/plain' },
  { body: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { body: '{"a":1}' },
];

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 replacement bytes. */
function encodePathValue(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return value === undefined ? '' : `?q=${encodePathValue(value)}`;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v))
      v.forEach((item) => search.append(k, typeof item === 'string' ? item : JSON.stringify(item)));
    else if (v !== undefined) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Over the services' 1 MB body limit: once per route and actor. */
const LARGE_BODY = JSON.stringify({ a: 'x'.repeat(1_100_000) });

/** Routes that end the actor's session or organization go last, so the rest is fuzzed signed in. */
const endsTheSession = (route: ApiRoute) =>
  (route.method === 'DELETE' && !route.path.includes(':')) || /\/logout$/.test(route.path);

/**
 * At least `total` requests spread evenly over every route and actor. Path parameters mix the victim
 * organization's ids (the cross-tenant probe), the actor's own ids and generated values.
 */
export function fuzzRequests(options: {
  routes: { service: string; name: string; route: ApiRoute }[];
  actors: TFuzzActor[];
  total: number;
  seed: number;
  ids: { victim: string[]; own: string[] };
}): TFuzzRequest[] {
  const { routes, actors, total, seed, ids } = options;
  const perPair = Math.ceil(total / (routes.length * actors.length));
  const ordered = [...routes].sort(
    (a, b) => Number(endsTheSession(a.route)) - Number(endsTheSession(b.route)),
  );
  const out: TFuzzRequest[] = [];
  let runSeed = seed;
  for (const { route } of ordered) {
    const paramsSchema = schemaOf(route.params);
    const querySchema = schemaOf(route.query);
    const bodySchema = schemaOf(route.body);
    const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const paramValue = (name: string) =>
      fc.oneof(
        { weight: 4, arbitrary: ids.victim.length ? fc.constantFrom(...ids.victim) : fc.constant('1') },
        { weight: 1, arbitrary: ids.own.length ? fc.constantFrom(...ids.own) : fc.constant('1') },
        { weight: 2, arbitrary: valueFor(paramsSchema?.properties?.[name] ?? null) },
      );
    const request = fc.record({
      params: fc.tuple(...paramNames.map(paramValue)),
      query: querySchema ? valueFor(querySchema) : fc.oneof(fc.constant(undefined), wrongType),
      body: bodySchema ? valueFor(bodySchema) : fc.oneof(fc.constant(undefined), wrongType),
      raw: fc.option(fc.constantFrom(...RAW_BODIES), { freq: 8 }),
    });
    for (const actor of actors) {
      const samples = fc.sample(request, { numRuns: perPair, seed: runSeed++ });
      if (route.method !== 'GET' && route.method !== 'DELETE')
        out.push({
          actor,
          route,
          url: route.path.replace(/:([A-Za-z0-9_]+)/g, '1'),
          body: LARGE_BODY,
          contentType: 'application/json',
        });
      for (const s of samples) {
        let path = route.path;
        paramNames.forEach((name, i) => {
          path = path.replace(`:${name}`, encodePathValue(s.params[i]));
        });
        const url = `${path}${toQuery(s.query)}`;
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        if (!hasBody) out.push({ actor, route, url });
        else if (s.raw) out.push({ actor, route, url, body: s.raw.body, contentType: s.raw.contentType });
        else
          out.push({
            actor,
            route,
            url,
            body: s.body === undefined ? undefined : JSON.stringify(s.body),
            contentType: s.body === undefined ? undefined : 'application/json',
          });
      }
    }
  }
  return out;
}

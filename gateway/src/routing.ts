import {
  ownedRoutes,
  pageRoutes,
  type ApiRoute,
  type TPageRoutes,
  type TServiceName,
} from '@dealflow/contracts';

/**
 * How the gateway treats what it forwards: `api` (JSON, session exchange, rate limited), `webhook`
 * (a third party that signs its requests: no session, no limit) and `page` (a service's own HTML pages:
 * session and limit as the API, the page's own security headers).
 */
export type TRouteKind = 'api' | 'webhook' | 'page';

export interface TRoutePrefix {
  /** One or two whole path segments: `/api/auth`, `/webhooks/stripe`, `/pay`. */
  prefix: string;
  service: TServiceName;
  kind: TRouteKind;
}

export interface TRouteFamily {
  /** The first path segment shared by its prefixes: `/api`, `/webhooks`, `/pay`. */
  family: string;
  kind: TRouteKind;
  /** The bare segment is a prefix itself (`/pay`), not only the paths below it. */
  bare: boolean;
}

export interface TRoutingTable {
  prefixes: readonly TRoutePrefix[];
  families: readonly TRouteFamily[];
  /** Prefix -> owning service: the per-request lookup (see `findOwner`). */
  owners: ReadonlyMap<string, TServiceName>;
}

type TOwnedRoute = { service: TServiceName; name: string; route: ApiRoute };

const PREFIX = /^(\/[\w.~-]+){1,2}$/;

/** The first two segments of a route's path: the unit of ownership (`/api/organization/members/:id` -> `/api/organization`). */
const prefixOf = (path: string) => path.split('/').slice(0, 3).join('/');

/**
 * The gateway's routing table, derived from the contracts: every API route with its owning service
 * (`ownedRoutes`) and the HTML page families services serve themselves (`pageRoutes`). Routes declared
 * `auth: 'internal'` are service-to-service and never routed. Throws when the declarations are
 * ambiguous: one prefix claimed by two services, a prefix nested in another, a family mixing kinds, or
 * anything outside `internal` under `/internal` (which must stay unreachable from outside).
 */
export function deriveRoutingTable(
  routes: ReadonlyArray<TOwnedRoute>,
  pages: ReadonlyArray<TPageRoutes>,
): TRoutingTable {
  const claims = [
    ...routes
      .filter(({ route }) => route.auth !== 'internal')
      .map(({ service, name, route }) => ({
        prefix: prefixOf(route.path),
        service,
        kind: (route.auth === 'signature' ? 'webhook' : 'api') as TRouteKind,
        source: `${service}.${name} (${route.method} ${route.path})`,
      })),
    ...pages.map(({ service, prefix }) => ({
      prefix,
      service,
      kind: 'page' as TRouteKind,
      source: `${service} pages ${prefix}`,
    })),
  ];

  const byPrefix = new Map<string, TRoutePrefix & { source: string }>();
  for (const claim of claims) {
    if (!PREFIX.test(claim.prefix))
      throw new Error(`${claim.source}: "${claim.prefix}" is not a prefix of one or two plain path segments`);
    if (claim.prefix === '/internal' || claim.prefix.startsWith('/internal/'))
      throw new Error(`${claim.source}: /internal is never routed; declare it auth: 'internal'`);
    const held = byPrefix.get(claim.prefix);
    if (!held) byPrefix.set(claim.prefix, claim);
    else if (held.service !== claim.service)
      throw new Error(
        `${claim.prefix} is claimed by ${held.service} (${held.source}) and ${claim.service} (${claim.source})`,
      );
    else if (held.kind !== claim.kind)
      throw new Error(
        `${claim.prefix} mixes ${held.kind} (${held.source}) and ${claim.kind} (${claim.source})`,
      );
  }

  const families = new Map<string, TRouteFamily>();
  for (const { prefix, kind, source } of byPrefix.values()) {
    const end = prefix.indexOf('/', 1);
    const family = end < 0 ? prefix : prefix.slice(0, end);
    const outer = family !== prefix ? byPrefix.get(family) : undefined;
    if (outer) throw new Error(`${prefix} (${source}) lies inside ${family} (${outer.source})`);
    const known = families.get(family);
    if (known && known.kind !== kind)
      throw new Error(`${family}/* mixes ${known.kind} and ${kind} routes (${source})`);
    families.set(family, { family, kind, bare: (known?.bare ?? false) || family === prefix });
  }

  const prefixes = [...byPrefix.values()].map(({ prefix, service, kind }) => ({ prefix, service, kind }));
  return {
    prefixes,
    families: [...families.values()],
    owners: new Map(prefixes.map(({ prefix, service }) => [prefix, service])),
  };
}

export const routingTable = deriveRoutingTable(ownedRoutes, pageRoutes);

/**
 * The service owning `path` (no query string), or undefined. Prefixes are at most two segments, so this
 * is at most two Map reads: it runs on every proxied request.
 */
export function findOwner(table: TRoutingTable, path: string): TServiceName | undefined {
  const first = path.indexOf('/', 1);
  if (first < 0) return table.owners.get(path);
  const second = path.indexOf('/', first + 1);
  return (
    table.owners.get(second < 0 ? path : path.slice(0, second)) ?? table.owners.get(path.slice(0, first))
  );
}

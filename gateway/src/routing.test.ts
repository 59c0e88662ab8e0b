import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  internalRoutes,
  ownedRoutes,
  pageRoutes,
  serviceRoutes,
  type ApiRoute,
  type TServiceName,
} from '@dealflow/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { deriveRoutingTable, findOwner, routingTable } from './routing.js';
import { startUpstream } from './test/upstream.js';

/** A concrete path for a route's pattern: `/api/emails/:id/retry` -> `/api/emails/42/retry`. */
const concrete = (path: string) => path.replace(/:\w+/g, '42');
const routed = ownedRoutes.filter(({ route }) => route.auth !== 'internal');
const route = (method: ApiRoute['method'], path: string, auth: ApiRoute['auth'] = 'session'): ApiRoute => ({
  method,
  path,
  auth,
  summary: 'test',
  tag: 'test',
  responses: {},
});
const owned = (service: TServiceName, path: string, auth?: ApiRoute['auth']) => ({
  service,
  name: `${service}${path}`,
  route: route('GET', path, auth),
});

describe('the routing table derived from the contracts', () => {
  it("resolves every route of the contracts to the service that owns it, and every service's routes", () => {
    for (const { service, name, route } of routed) {
      expect(findOwner(routingTable, concrete(route.path)), `${service}.${name} ${route.path}`).toBe(service);
    }
    expect(new Set(routed.map(({ service }) => service))).toEqual(new Set(Object.keys(serviceRoutes)));
  });

  it("resolves the page families the contracts declare (billing's /pay), bare and below", () => {
    expect(pageRoutes.length).toBeGreaterThan(0);
    for (const { service, prefix } of pageRoutes) {
      expect(findOwner(routingTable, prefix)).toBe(service);
      expect(findOwner(routingTable, `${prefix}/checkout/cs_123`)).toBe(service);
    }
  });

  it('routes neither /internal, nor an unknown /api prefix, nor a prefix cut mid-segment', () => {
    const notRouted = [
      internalRoutes.introspectSession.path,
      '/internal',
      '/api/x',
      '/api',
      '/api/',
      '/api/authx/me',
      '/api/auth-me',
      '/api//auth/me',
      '/payments',
      '/webhooks',
      '/webhooks/unknown',
      '/',
    ];
    for (const path of notRouted) expect(findOwner(routingTable, path), path).toBeUndefined();
  });

  it('never gives one prefix (the first two segments) to two services in the contracts', () => {
    const owners = new Map<string, Set<TServiceName>>();
    const claims = [
      ...routed.map(({ service, route }) => ({
        service,
        prefix: route.path.split('/').slice(0, 3).join('/'),
      })),
      ...pageRoutes,
    ];
    for (const { service, prefix } of claims)
      owners.set(prefix, (owners.get(prefix) ?? new Set()).add(service));
    const shared = [...owners].filter(([, services]) => services.size > 1).map(([prefix]) => prefix);
    expect(shared).toEqual([]);
    expect(routingTable.prefixes.map(({ prefix }) => prefix).sort()).toEqual([...owners.keys()].sort());
  });

  it('refuses two services claiming the same prefix', () => {
    expect(() =>
      deriveRoutingTable([owned('identity', '/api/things/a'), owned('billing', '/api/things/:id')], []),
    ).toThrow(/\/api\/things is claimed by identity .* and billing/);
  });

  it('refuses a prefix inside another service’s page family', () => {
    expect(() =>
      deriveRoutingTable(
        [owned('crm', '/pay/deals/:id')],
        [{ service: 'billing', prefix: '/pay', summary: '' }],
      ),
    ).toThrow(/\/pay\/deals .* lies inside \/pay/);
  });

  it("leaves routes declared auth: 'internal' out, and refuses any other route under /internal", () => {
    const table = deriveRoutingTable(
      [owned('identity', '/api/auth/me'), owned('identity', '/api/secrets/:id', 'internal')],
      [],
    );
    expect(findOwner(table, '/api/auth/me')).toBe('identity');
    expect(findOwner(table, '/api/secrets/1')).toBeUndefined();
    expect(() => deriveRoutingTable([owned('identity', '/internal/sessions/x', 'signature')], [])).toThrow(
      /\/internal is never routed/,
    );
  });

  it('refuses a path family that mixes signed webhooks with session routes', () => {
    expect(() =>
      deriveRoutingTable(
        [owned('billing', '/api/hooks/stripe', 'signature'), owned('identity', '/api/auth/me')],
        [],
      ),
    ).toThrow(/\/api\/\* mixes webhook and api routes/);
  });
});

describe('the gateway routes by that table', () => {
  const upstreams = {} as Record<TServiceName, Awaited<ReturnType<typeof startUpstream>>>;
  let gateway: FastifyInstance;
  let shellDir: string;

  beforeAll(async () => {
    for (const service of Object.keys(serviceRoutes) as TServiceName[])
      upstreams[service] = await startUpstream(service);
    shellDir = mkdtempSync(join(tmpdir(), 'gateway-routing-'));
    gateway = await buildGateway(
      loadGatewayConfig({
        IDENTITY_URL: upstreams.identity.url,
        BILLING_URL: upstreams.billing.url,
        INGEST_URL: upstreams.ingest.url,
        CRM_URL: upstreams.crm.url,
        SHELL_DIST: shellDir,
      }),
      { logger: false },
    );
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(Object.values(upstreams).map((upstream) => upstream.app.close()));
    rmSync(shellDir, { recursive: true, force: true });
  });

  it('sends every route of the contracts to its owning service, method and path intact', async () => {
    for (const { service, name, route } of routed) {
      const url = concrete(route.path);
      const response = await gateway.inject({ method: route.method, url });
      expect(response.statusCode, `${service}.${name}`).toBe(200);
      expect(response.json(), `${service}.${name}`).toEqual({ service, url });
      expect(upstreams[service].seen.at(-1)?.method).toBe(route.method);
    }
  });

  it('answers /internal and unknown prefixes with a JSON 404 and sends them nowhere', async () => {
    const before = Object.values(upstreams).map((upstream) => upstream.seen.length);
    const internal = await gateway.inject({ method: 'POST', url: internalRoutes.introspectSession.path });
    expect(internal.statusCode).toBe(404);
    expect(internal.json()).toEqual({
      message: `Route POST ${internalRoutes.introspectSession.path} not found`,
    });
    const unknown = await gateway.inject({ method: 'GET', url: '/api/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Route GET /api/x not found' });
    expect(Object.values(upstreams).map((upstream) => upstream.seen.length)).toEqual(before);
  });
});

import { billingRoutes } from './billing.js';
import type { ApiRoute } from './http.js';
import { identityRoutes } from './identity.js';
import { crmRoutes, ingestRoutes } from './records.js';

/**
 * Every HTTP route, by the service that owns it. The services register these, the gateway derives its
 * routing table from them, the OpenAPI document and the typed client are generated from them.
 */
export const serviceRoutes = {
  identity: identityRoutes,
  billing: billingRoutes,
  ingest: ingestRoutes,
  crm: crmRoutes,
} as const;
export type TServiceName = keyof typeof serviceRoutes;

/** Every route with its owner, in declaration order. */
export const ownedRoutes: ReadonlyArray<{ service: TServiceName; name: string; route: ApiRoute }> = (
  Object.entries(serviceRoutes) as [TServiceName, Record<string, ApiRoute>][]
).flatMap(([service, table]) => Object.entries(table).map(([name, route]) => ({ service, name, route })));

import { accountingRoutes } from './accounting.js';
import { apiKeyRoutes } from './api-keys.js';
import { analyticsRoutes } from './analytics.js';
import { billingRoutes } from './billing.js';
import { billingInvoiceRoutes } from './billing-invoices.js';
import { billingLicenceRoutes } from './billing-licence.js';
import type { ApiRoute } from './http.js';
import { identityRoutes } from './identity.js';
import { accountRoutes } from './account.js';
import { activityRoutes } from './activity.js';
import { crmRoutes, ingestRoutes } from './records.js';
import { recordPageRoutes } from './record-page.js';
import { twoFactorRoutes } from './two-factor.js';
import { supportRoutes } from './support.js';
import { crmConnectionRoutes } from './crm-connection.js';
import { pipelineRoutes } from './pipeline.js';
import { webhookRoutes } from './webhooks.js';
import { founderReplyRoutes } from './founder-replies.js';

/**
 * Every HTTP route, by the service that owns it. The services register these, the gateway derives its
 * routing table from them, the OpenAPI document and the typed client are generated from them.
 */
export const serviceRoutes = {
  identity: {
    ...identityRoutes,
    ...accountRoutes,
    ...activityRoutes,
    ...apiKeyRoutes,
    ...twoFactorRoutes,
    ...supportRoutes,
  },
  billing: { ...billingRoutes, ...billingInvoiceRoutes, ...billingLicenceRoutes },
  // Analytics is svc-ingest's (its records); declared in its own file.
  ingest: { ...ingestRoutes, ...recordPageRoutes, ...analyticsRoutes, ...accountingRoutes },
  crm: { ...crmRoutes, ...crmConnectionRoutes, ...pipelineRoutes, ...webhookRoutes, ...founderReplyRoutes },
} as const;
export type TServiceName = keyof typeof serviceRoutes;

/** Every route with its owner, in declaration order. */
export const ownedRoutes: ReadonlyArray<{ service: TServiceName; name: string; route: ApiRoute }> = (
  Object.entries(serviceRoutes) as [TServiceName, Record<string, ApiRoute>][]
).flatMap(([service, table]) => Object.entries(table).map(([name, route]) => ({ service, name, route })));

import type { TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { invoiceRoutes } from './invoices.js';
import { licenceRoutes } from './licence.js';
import { payRoutes } from './pay.js';
import { stripeRoutes } from './stripe.js';
import { webhookRoutes } from './webhooks.js';

export async function registerRoutes(router: TRouter, deps: TBillingDeps) {
  stripeRoutes(router, deps);
  webhookRoutes(router, deps);
  invoiceRoutes(router, deps);
  licenceRoutes(router, deps);
  // The embedded provider's own pages (HTML, /pay/*) exist only when it is the provider.
  if (deps.embedded) await payRoutes(router, deps, deps.embedded);
}

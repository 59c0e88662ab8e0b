import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { analyticsRoutes } from './analytics.js';
import { emailsRoutes } from './emails.js';
import { inboxRoutes } from './inbox.js';
import { integrationsRoutes } from './integrations.js';
import { mailWebhookRoutes } from './mail-webhook.js';
import { apiIntakeRoutes } from './api-intake.js';
import { recordPageRoutesFor } from './record-page.js';

export function registerRoutes(router: TRouter, deps: TIngestDeps) {
  mailWebhookRoutes(router, deps);
  apiIntakeRoutes(router, deps);
  emailsRoutes(router, deps);
  inboxRoutes(router);
  recordPageRoutesFor(router, deps);
  integrationsRoutes(router, deps);
  analyticsRoutes(router);
}

import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { emailsRoutes } from './emails.js';
import { integrationsRoutes } from './integrations.js';
import { mailWebhookRoutes } from './mail-webhook.js';

export function registerRoutes(router: TRouter, deps: TIngestDeps) {
  mailWebhookRoutes(router, deps);
  emailsRoutes(router, deps);
  integrationsRoutes(router, deps);
}

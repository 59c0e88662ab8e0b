import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TCrmOverrides } from './deps.js';
import { crmEntities } from './entities/index.js';
import { createConsumers } from './events/index.js';
import { crmMigrations } from './migrations/index.js';
import { registerRoutes } from './routes/index.js';
import { deliverDueWebhooks } from './use-cases/deliver-due-webhooks.js';
import { WEBHOOK_DELIVERY_EVERY_MS } from './domain/webhook-delivery.js';
import { sendDueAcknowledgements } from './use-cases/send-due-acknowledgements.js';

/** Builds svc-crm (no listen): tests call app.inject, server.ts runs it. */
export function buildApp(config: TConfig, overrides: TCrmOverrides = {}) {
  return createService({
    name: 'crm',
    config,
    entities: crmEntities,
    migrations: crmMigrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
    // Customers' webhooks (issue 23 item 5): due deliveries are claimed with SKIP LOCKED, so replicas share them.
    schedules: [
      {
        name: 'webhook-deliveries',
        everyMs: WEBHOOK_DELIVERY_EVERY_MS,
        run: ({ orm, secretBox }) => deliverDueWebhooks(() => orm.em.fork(), secretBox),
      },
      // Automatic acknowledgements to founders (issue 23 item 4), queued in the deal's transaction.
      {
        name: 'founder-acknowledgements',
        everyMs: 2_000,
        run: ({ orm, founderMailer, logger }) =>
          sendDueAcknowledgements(() => orm.em.fork(), founderMailer, logger),
      },
    ],
  });
}

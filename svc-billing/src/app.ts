import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import type { TBillingDeps } from './deps.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/consumers.js';
import { Migration20261121000000 } from './migrations/Migration20261121000000.js';
import { createEmbeddedProvider } from './payments/embedded-provider.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { createStripeProvider } from './payments/stripe-provider.js';
import { createPriceBook } from './plans.js';
import { createIdentityClient } from './repositories/identity-client.js';
import { registerPayRoutes } from './routes/pay.js';
import { registerStripeRoutes } from './routes/stripe.js';
import { registerWebhookRoutes } from './routes/webhooks.js';

export async function buildApp(config: TConfig) {
  let deps: TBillingDeps | null = null;
  const getDeps = () => {
    if (!deps) throw new Error('billing is not started yet');
    return deps;
  };
  const service = await createService({
    name: 'billing',
    config,
    entities,
    migrations: [{ name: 'Migration20261121000000', class: Migration20261121000000 }],
    consumers: createConsumers(getDeps),
    routes: async (app, ctx) => {
      const priceBook = createPriceBook(config);
      const embedded = config.STRIPE_SECRET_KEY
        ? null
        : createEmbeddedProvider({
            orm: ctx.orm,
            priceBook,
            publicUrl: config.PUBLIC_URL,
            secret: config.EMBEDDED_PAYMENTS_SECRET,
          });
      const provider: PaymentProvider =
        embedded ??
        createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          host: config.STRIPE_API_HOST,
          port: config.STRIPE_API_PORT,
          protocol: config.STRIPE_API_PROTOCOL,
        });
      deps = {
        config,
        orm: ctx.orm,
        provider,
        priceBook,
        identity: createIdentityClient({
          baseUrl: config.IDENTITY_URL,
          internalToken: config.INTERNAL_API_TOKEN,
        }),
        logger: ctx.logger,
      };
      ctx.logger.info({ provider: provider.kind }, 'payment provider');
      registerStripeRoutes(app, getDeps);
      await registerWebhookRoutes(app, getDeps);
      if (embedded) await registerPayRoutes(app, getDeps, embedded);
    },
  });
  return Object.assign(service, { deps: getDeps });
}

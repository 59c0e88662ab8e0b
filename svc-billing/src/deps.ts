import type { MikroORM } from '@mikro-orm/core';
import type { ServiceContext } from '@dealflow/service-kit';
import type { Logger } from 'pino';
import type { TConfig } from './config.js';
import { createEmbeddedProvider, type EmbeddedProvider } from './providers/embedded-provider.js';
import { createIdentityClient, type IdentityClient } from './providers/identity-client.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createStripeProvider } from './providers/stripe-provider.js';
import { createPriceBook, type TPriceBook } from './plans.js';
import { createLicenceSigner, type LicenceSigner } from './templates/licence-key.js';
import { createTemplateStore, type TemplateStore } from './templates/template-store.js';

/** What the use-cases, routes and consumers need, built once after the ORM exists. */
export interface TBillingDeps {
  config: TConfig;
  orm: MikroORM;
  provider: PaymentProvider;
  /** The same provider when it is the embedded one (its /pay pages are registered), else null. */
  embedded: EmbeddedProvider | null;
  priceBook: TPriceBook;
  identity: IdentityClient;
  logger: Logger;
  /** Signs the template licence keys (Ed25519). */
  licenceSigner: LicenceSigner;
  /** The template's archives and manifest; null: none configured (no version downloadable). */
  templateStore: TemplateStore | null;
}

/** Tests may replace a provider or the identity client. */
export type TBillingOverrides = Partial<Pick<TBillingDeps, 'identity' | 'templateStore'>>;

export function createDeps(
  ctx: ServiceContext<TConfig>,
  config: TConfig,
  overrides: TBillingOverrides = {},
): TBillingDeps {
  const priceBook = createPriceBook(config);
  const { stripe } = config;
  const embedded = stripe.secretKey
    ? null
    : createEmbeddedProvider({
        orm: ctx.orm,
        priceBook,
        publicUrl: config.PUBLIC_URL,
        secret: config.embeddedPayments.secret,
        retryDays: config.embeddedPayments.retryDays,
      });
  const provider: PaymentProvider =
    embedded ??
    createStripeProvider({
      secretKey: stripe.secretKey!,
      webhookSecret: stripe.webhookSecret!,
      host: stripe.apiHost,
      port: stripe.apiPort,
      protocol: stripe.apiProtocol,
      testClocks: stripe.testClocks,
    });
  ctx.logger.info({ provider: provider.kind }, 'payment provider');
  return {
    config,
    orm: ctx.orm,
    provider,
    embedded,
    priceBook,
    identity:
      overrides.identity ??
      createIdentityClient({
        urls: config.identity.urls,
        healthIntervalMs: config.identity.healthIntervalMs,
        internalToken: config.INTERNAL_API_TOKEN,
      }),
    logger: ctx.logger,
    licenceSigner: createLicenceSigner(config.licence.signingKeyPem),
    templateStore:
      overrides.templateStore === undefined
        ? createTemplateStore(config.licence.store)
        : overrides.templateStore,
  };
}

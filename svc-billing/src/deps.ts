import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { TConfig } from './config.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { TPriceBook } from './plans.js';
import type { IdentityClient } from './repositories/identity-client.js';

/** What the use-cases need, built once in app.ts. */
export interface TBillingDeps {
  config: TConfig;
  orm: MikroORM;
  provider: PaymentProvider;
  priceBook: TPriceBook;
  identity: IdentityClient;
  logger: Logger;
}

import type { TIdentityDeps } from '../deps.js';
import { applySubscriptionChangeConsumer } from './apply-subscription-change.js';
import { grantProductAccessConsumer } from './grant-product-access.js';

/** Identity's consumers (one per file); they need nothing from deps beyond the kit's EntityManager. */
export const createConsumers = (_deps: TIdentityDeps) => [
  applySubscriptionChangeConsumer,
  grantProductAccessConsumer,
];

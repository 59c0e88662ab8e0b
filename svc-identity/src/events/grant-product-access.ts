import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { grantProductAccess } from '../use-cases/grant-product-access.js';

/** billing.purchase.completed -> the buyer's product access. */
export const grantProductAccessConsumer = defineConsumer(
  Topics.purchaseCompleted,
  async (event, { em, logger }) => {
    await grantProductAccess(em, event, { logger });
  },
);

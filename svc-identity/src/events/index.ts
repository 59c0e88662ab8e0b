import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { applySubscriptionChange } from './apply-subscription-change.js';
import { grantProductAccess } from './grant-product-access.js';

/** Each handler runs in one transaction with its inbox row: a redelivered event changes nothing. */
export const identityConsumers = [
  defineConsumer(Topics.subscriptionChanged, async (event, { em, logger }) => {
    const applied = await applySubscriptionChange(em, event.data);
    if (!applied)
      logger.info({ orgId: event.data.orgId }, 'subscription change for an unknown organization ignored');
  }),
  defineConsumer(Topics.purchaseCompleted, async (event, { em, logger }) => {
    const applied = await grantProductAccess(em, event.data, event.occurredAt);
    if (!applied) logger.info({ userId: event.data.userId }, 'purchase for an unknown user ignored');
  }),
];

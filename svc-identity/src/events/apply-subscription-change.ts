import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { applySubscriptionChange } from '../use-cases/apply-subscription-change.js';

/** billing.subscription.changed -> the organization's plan, status, seats, trial end, cycle and Stripe ids. */
export const applySubscriptionChangeConsumer = defineConsumer(
  Topics.subscriptionChanged,
  async (event, { em, logger }) => {
    await applySubscriptionChange(em, event, { logger });
  },
);

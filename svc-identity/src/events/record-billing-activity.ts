import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { recordPurchaseActivity } from '../use-cases/record-billing-activity.js';

/** A second consumer of the topic (its own inbox name): product access and the log apply independently. */
export const recordPurchaseActivityConsumer = defineConsumer(
  Topics.purchaseCompleted,
  async (event, { em }) => recordPurchaseActivity(em, event),
  `${Topics.purchaseCompleted}:activity`,
);

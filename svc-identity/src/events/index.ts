import type { TIdentityDeps } from '../deps.js';
import { applySubscriptionChangeConsumer } from './apply-subscription-change.js';
import { grantProductAccessConsumer } from './grant-product-access.js';
import { createNotifyDealCreatedConsumer } from './notify-deal-created.js';
import { createNotifyDeckProcessedConsumer } from './notify-deck-processed.js';
import { createNotifyMentionConsumer } from './notify-mention.js';
import { recordPurchaseActivityConsumer } from './record-billing-activity.js';
import { recordIntegrationChangeConsumer } from './record-integration-change.js';
import { createSendForwardingConfirmationEmailConsumer } from './send-forwarding-confirmation-email.js';
import { createSendLicenceReceiptEmailConsumer } from './send-licence-receipt-email.js';
import { createSendPaymentFailedEmailConsumer } from './send-payment-failed-email.js';
import { createSendTrialEndingEmailConsumer } from './send-trial-ending-email.js';

/** Identity's consumers (one per file); the email ones (notifications, billing) send through deps' mailer. */
export const createConsumers = (deps: TIdentityDeps) => [
  applySubscriptionChangeConsumer,
  grantProductAccessConsumer,
  createNotifyDeckProcessedConsumer(deps),
  createNotifyDealCreatedConsumer(deps),
  createNotifyMentionConsumer(deps),
  recordPurchaseActivityConsumer,
  recordIntegrationChangeConsumer,
  createSendTrialEndingEmailConsumer(deps),
  createSendPaymentFailedEmailConsumer(deps),
  createSendLicenceReceiptEmailConsumer(deps),
  createSendForwardingConfirmationEmailConsumer(deps),
];

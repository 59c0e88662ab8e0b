import type { EntityManager } from '@mikro-orm/core';
import { Topics, monthlyDeckLimit, type TEventPayload } from '@dealflow/contracts';
import { publishEvent } from '@dealflow/service-kit';
import type { TBillingState } from './organization.repository.js';

/** billing.subscription.changed, written to the outbox in the caller's transaction. */
export const publishSubscriptionChanged = (
  em: EntityManager,
  orgId: number,
  state: TBillingState,
  actorId?: number,
) =>
  publishEvent(em, {
    topic: Topics.subscriptionChanged,
    orgId,
    actorId: actorId ?? null,
    data: {
      orgId,
      plan: state.plan,
      billingCycle: state.billingCycle,
      status: state.status ?? 'active',
      seats: state.seats,
      trialEndsAt: state.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      stripeCustomerId: state.stripeCustomerId,
      stripeSubscriptionId: state.stripeSubscriptionId,
      monthlyDeckLimit: monthlyDeckLimit(state.plan, state.seats),
    },
  });

export const publishPurchaseCompleted = (
  em: EntityManager,
  input: {
    orgId: number | null;
    userId: number;
    checkoutSessionId: string;
    amountTotal: number;
    currency: string;
    licence?: { licenceKey: string; updatesUntil: string };
  },
) =>
  publishEvent(em, {
    topic: Topics.purchaseCompleted,
    orgId: input.orgId ?? 0,
    actorId: input.userId,
    data: input,
  });

/** billing.trial.ending (customer.subscription.trial_will_end): identity emails the owner. */
export const publishTrialEnding = (em: EntityManager, data: TEventPayload<typeof Topics.trialEnding>) =>
  publishEvent(em, { topic: Topics.trialEnding, orgId: data.orgId, actorId: null, data });

/** billing.payment.failed (invoice.payment_failed): identity emails the owner. */
export const publishPaymentFailed = (em: EntityManager, data: TEventPayload<typeof Topics.paymentFailed>) =>
  publishEvent(em, { topic: Topics.paymentFailed, orgId: data.orgId, actorId: null, data });

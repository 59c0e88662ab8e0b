import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import type { TPaymentEvent } from '../providers/payment-provider.js';
import { recordPaymentEventAndLock } from '../repositories/payment-event.queries.js';
import { applySubscription } from './apply-subscription.js';
import { completeCheckout } from './complete-checkout.js';
import { findOrganization, findOrganizationByCustomer } from '../repositories/organization.repository.js';
import { publishPaymentFailed, publishTrialEnding } from '../repositories/billing.events.js';
import { syncSeats } from './sync-seats.js';

export type TPaymentEventOutcome = 'handled' | 'duplicate';

/**
 * The one handler of provider events (Stripe webhooks and the embedded provider's pages): each event id
 * once; the subscription is re-read from the provider under a per-subscription lock, so events that
 * arrive late or out of order still leave the provider's current state.
 */
export type TPaymentEventDeps = Pick<
  TBillingDeps,
  'provider' | 'priceBook' | 'logger' | 'identity' | 'config' | 'licenceSigner'
>;

export async function handlePaymentEvent(
  em: EntityManager,
  event: TPaymentEvent,
  deps: TPaymentEventDeps,
): Promise<TPaymentEventOutcome> {
  return em.transactional(async (tx) => {
    // A duplicate stops here, before any call to the provider.
    if (!(await recordPaymentEventAndLock(tx, event.id, event.type, event.subscriptionId)))
      return 'duplicate';
    if (event.checkoutSession) await completeCheckout(tx, event.checkoutSession, deps);
    let applied: Awaited<ReturnType<typeof applySubscription>> = null;
    if (event.subscriptionId) {
      const subscription = await deps.provider.retrieveSubscription(event.subscriptionId);
      applied = subscription ? await applySubscription(tx, deps.priceBook, subscription) : null;
      // Members who joined between the start of checkout and its completion are billed from the start.
      if (applied && event.type === 'checkout.session.completed') {
        if (await findOrganization(tx, applied.orgId))
          await syncSeats(tx, deps, { orgId: applied.orgId, idempotencyKey: event.id });
      }
      if (!subscription)
        deps.logger.warn(
          { eventId: event.id, subscriptionId: event.subscriptionId },
          'subscription not found at provider',
        );
    }
    // The same events from Stripe's webhooks and the embedded clock: the emails follow from them (identity).
    if (event.type === 'customer.subscription.trial_will_end' && applied?.state.trialEndsAt) {
      const next = event.subscriptionId ? await deps.provider.previewNextInvoice(event.subscriptionId) : null;
      publishTrialEnding(tx, {
        orgId: applied.orgId,
        plan: applied.state.plan,
        billingCycle: applied.state.billingCycle,
        trialEndsAt: applied.state.trialEndsAt.toISOString(),
        amountDue: next?.total ?? null,
        currency: next?.currency ?? 'usd',
      });
    }
    if (event.type === 'invoice.payment_failed' && event.invoice) {
      const orgId =
        applied?.orgId ?? (await findOrganizationByCustomer(tx, event.invoice.customerId))?.id ?? null;
      if (orgId)
        publishPaymentFailed(tx, {
          orgId,
          invoiceId: event.invoice.id,
          invoiceNumber: event.invoice.number,
          amountDue: event.invoice.amountDue,
          currency: event.invoice.currency,
          status: applied?.state.status ?? null,
          // Each attempt is its own event (its own id: a redelivery stops at the duplicate check above).
          attempt: Math.max(event.invoice.attemptCount, 1),
          nextPaymentAttempt: event.invoice.nextPaymentAttempt?.toISOString() ?? null,
        });
    }
    return 'handled';
  });
}

import type { TBillingDeps } from '../deps.js';
import type { TPaymentEvent } from '../providers/payment-provider.js';
import { recordPaymentEventAndLock } from '../repositories/payment-event.queries.js';
import { applySubscription } from './apply-subscription.js';
import { completeCheckout } from './complete-checkout.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { syncSeats } from './sync-seats.js';

export type TPaymentEventOutcome = 'handled' | 'duplicate';

/**
 * The one handler of provider events (Stripe webhooks and the embedded provider's pages): each event id
 * once; the subscription is re-read from the provider under a per-subscription lock, so events that
 * arrive late or out of order still leave the provider's current state.
 */
export async function handlePaymentEvent(
  deps: Pick<TBillingDeps, 'orm' | 'provider' | 'priceBook' | 'logger'>,
  event: TPaymentEvent,
): Promise<TPaymentEventOutcome> {
  return deps.orm.em.fork().transactional(async (tx) => {
    // A duplicate stops here, before any call to the provider.
    if (!(await recordPaymentEventAndLock(tx, event.id, event.type, event.subscriptionId)))
      return 'duplicate';
    if (event.checkoutSession) await completeCheckout(tx, event.checkoutSession);
    if (event.subscriptionId) {
      const subscription = await deps.provider.retrieveSubscription(event.subscriptionId);
      const applied = subscription ? await applySubscription(tx, deps.priceBook, subscription) : null;
      // Members who joined between the start of checkout and its completion are billed from the start.
      if (applied && event.type === 'checkout.session.completed') {
        const org = await findOrganization(tx, applied.orgId);
        if (org)
          await syncSeats(tx, deps, { orgId: org.id, memberCount: org.memberCount, eventId: event.id });
      }
      if (!subscription)
        deps.logger.warn(
          { eventId: event.id, subscriptionId: event.subscriptionId },
          'subscription not found at provider',
        );
    }
    if (event.type === 'customer.subscription.trial_will_end') {
      deps.logger.info({ subscriptionId: event.subscriptionId }, 'trial ends in 3 days');
    }
    return 'handled';
  });
}

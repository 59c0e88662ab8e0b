import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import {
  claimPurchase as claimPurchaseOnce,
  findCheckoutByClaimToken,
  linkClaimedCheckout,
} from '../repositories/checkout-session.repository.js';
import { publishPurchaseCompleted } from '../repositories/billing.events.js';
import { issueLicence } from './issue-licence.js';
import { TEMPLATE_AMOUNT_CENTS } from '../plans.js';
import { attachGuestSubscription, hashClaimToken } from './complete-checkout.js';
import { applySubscription } from './apply-subscription.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';

export const PURCHASE_LINKED_MESSAGE = 'The purchase is now on your account. Log in to see it.';
export const SUBSCRIPTION_LINKED_MESSAGE =
  'The subscription is now on your account and its organization. Log in to see it.';

/**
 * The link emailed to an existing account's address after a guest paid with that address: using it proves
 * the owner holds the address, so the purchase is linked to that account (billing.purchase.completed, once).
 * The token is single use and expires after 7 days.
 */
export async function claimPurchase(
  em: EntityManager,
  { token }: { token: string },
  deps: Pick<TBillingDeps, 'identity' | 'provider' | 'priceBook' | 'licenceSigner'>,
) {
  const refused = { subscriptionId: null as string | null };
  const answer = await em
    .transactional(async (tx) => {
      const record = await findCheckoutByClaimToken(tx, hashClaimToken(token));
      if (!record || record.claimUserId === null) throw new BillingError('CLAIM_TOKEN_INVALID');
      if (!record.claimExpiresAt || record.claimExpiresAt.getTime() < Date.now()) {
        throw new BillingError('CLAIM_TOKEN_EXPIRED');
      }
      const userId = record.claimUserId;
      if (!(await linkClaimedCheckout(tx, record.id, userId))) throw new BillingError('CLAIM_TOKEN_INVALID');
      if (record.mode === 'subscription') {
        // A guest's subscription goes to the organization the proven owner OWNS (identity decides; none -> new).
        const session = await deps.provider.retrieveCheckoutSession(record.id);
        if (!session?.subscriptionId || !session.customerId) throw new BillingError('CLAIM_TOKEN_INVALID');
        try {
          await attachGuestSubscription(tx, deps, record, userId, session.customerId);
        } catch (error) {
          if (!(error instanceof BillingError) || error.code !== 'BUYER_ORGANIZATION_REFUSED') throw error;
          refused.subscriptionId = session.subscriptionId;
          throw error;
        }
        const subscription = await deps.provider.retrieveSubscription(session.subscriptionId);
        if (subscription) {
          await lockSubscription(tx, subscription.id);
          await applySubscription(tx, deps.priceBook, subscription, { actorId: userId });
        }
        return { linked: true as const, message: SUBSCRIPTION_LINKED_MESSAGE };
      }
      if (await claimPurchaseOnce(tx, record.id)) {
        // Guests buy only the licence (create-checkout.ts).
        const licence = await issueLicence(tx, deps, {
          purchaseId: record.id,
          userId,
          buyerEmail: record.buyerEmail,
        });
        publishPurchaseCompleted(tx, {
          orgId: record.orgId,
          userId,
          checkoutSessionId: record.id,
          amountTotal: TEMPLATE_AMOUNT_CENTS,
          currency: 'usd',
          licence: { licenceKey: licence.licenceKey, updatesUntil: licence.updatesUntil.toISOString() },
        });
      }
      return { linked: true as const, message: PURCHASE_LINKED_MESSAGE };
    })
    .catch(async (error: unknown) => {
      // The proven owner belongs to someone else's organization: the subscription is attached to nothing,
      // so it is canceled at once (its trial has not charged).
      if (refused.subscriptionId) {
        await deps.provider.cancelSubscriptionNow(
          refused.subscriptionId,
          `claim-refused-${refused.subscriptionId}`,
        );
        throw new BillingError('BUYER_ORGANIZATION_REFUSED');
      }
      throw error;
    });
  return answer;
}

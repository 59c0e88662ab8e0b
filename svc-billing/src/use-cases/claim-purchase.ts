import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import {
  claimPurchase as claimPurchaseOnce,
  findCheckoutByClaimToken,
  linkClaimedCheckout,
} from '../repositories/checkout-session.repository.js';
import { publishPurchaseCompleted } from '../repositories/billing.events.js';
import { TEMPLATE_AMOUNT_CENTS } from '../plans.js';
import { hashClaimToken } from './complete-checkout.js';

export const PURCHASE_LINKED_MESSAGE = 'The purchase is now on your account. Log in to see it.';

/**
 * The link emailed to an existing account's address after a guest paid with that address: using it proves
 * the owner holds the address, so the purchase is linked to that account (billing.purchase.completed, once).
 * The token is single use and expires after 7 days.
 */
export async function claimPurchase(deps: Pick<TBillingDeps, 'orm'>, token: string) {
  return deps.orm.em.fork().transactional(async (tx) => {
    const record = await findCheckoutByClaimToken(tx, hashClaimToken(token));
    if (!record || record.claimUserId === null) throw new BillingError('CLAIM_TOKEN_INVALID');
    if (!record.claimExpiresAt || record.claimExpiresAt.getTime() < Date.now()) {
      throw new BillingError('CLAIM_TOKEN_EXPIRED');
    }
    const userId = record.claimUserId;
    if (!(await linkClaimedCheckout(tx, record.id, userId))) throw new BillingError('CLAIM_TOKEN_INVALID');
    if (await claimPurchaseOnce(tx, record.id)) {
      // Guests buy only the licence (create-checkout.ts).
      publishPurchaseCompleted(tx, {
        orgId: record.orgId,
        userId,
        checkoutSessionId: record.id,
        amountTotal: TEMPLATE_AMOUNT_CENTS,
        currency: 'usd',
      });
    }
    return { linked: true as const, message: PURCHASE_LINKED_MESSAGE };
  });
}

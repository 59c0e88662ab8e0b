import { ApiError } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import type { TBillingCycle, TPaidPlan } from '@dealflow/contracts';
import { BillingTexts } from './texts.js';

/** Thrown with the seed's checkout messages so the page can show them as they are. */
export class CheckoutError extends Error {}

/** Checkout (api.billing.checkout) for a plan; resolves to the checkout URL, rejects with a seed message. */
export async function createPlanCheckout(
  organizationId: number | null | undefined,
  choice: { plan: TPaidPlan; billingCycle: TBillingCycle },
): Promise<string> {
  if (!organizationId) throw new CheckoutError(BillingTexts.noOrganization);
  let answer: { url?: string } | null;
  try {
    answer = await api.billing.checkout(choice);
  } catch (error) {
    if (error instanceof ApiError) throw new CheckoutError(BillingTexts.checkoutFailed);
    throw new CheckoutError(BillingTexts.unexpected);
  }
  if (!answer?.url) throw new CheckoutError(BillingTexts.checkoutFailed);
  return answer.url;
}

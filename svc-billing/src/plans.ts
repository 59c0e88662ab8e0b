import { Plans, TEMPLATE_PRICE_USD, type TBillingCycle, type TPaidPlan } from '@dealflow/contracts';
import type { TConfig } from './config.js';

export interface TPriceRef {
  plan: TPaidPlan;
  billingCycle: TBillingCycle;
}

/** Price ids per plan and cycle. Embedded ids are used when Stripe is not configured. */
export interface TPriceBook {
  subscriptionPriceId(plan: TPaidPlan, billingCycle: TBillingCycle): string;
  templatePriceId: string;
  findPrice(priceId: string): TPriceRef | null;
}

const embeddedId = (plan: TPaidPlan, cycle: TBillingCycle) => `price_embedded_${plan}_${cycle}`;

export const createPriceBook = (config: TConfig): TPriceBook => {
  const prices = config.stripe.prices;
  const ids: Record<TPaidPlan, Record<TBillingCycle, string>> = {
    basic: {
      monthly: prices.basicMonthly ?? embeddedId('basic', 'monthly'),
      annual: prices.basicAnnual ?? embeddedId('basic', 'annual'),
    },
    pro: {
      monthly: prices.proMonthly ?? embeddedId('pro', 'monthly'),
      annual: prices.proAnnual ?? embeddedId('pro', 'annual'),
    },
  };
  const byId = new Map<string, TPriceRef>();
  for (const plan of Object.keys(ids) as TPaidPlan[]) {
    for (const billingCycle of Object.keys(ids[plan]) as TBillingCycle[]) {
      byId.set(ids[plan][billingCycle], { plan, billingCycle });
    }
  }
  return {
    subscriptionPriceId: (plan, billingCycle) => ids[plan][billingCycle],
    templatePriceId: prices.template ?? 'price_embedded_template',
    findPrice: (priceId) => byId.get(priceId) ?? null,
  };
};

/** Amounts in cents, from the one Plans table (used by the embedded provider's own prices). */
export const unitAmountCents = (plan: TPaidPlan, billingCycle: TBillingCycle): number =>
  Plans[plan].pricePerSeat[billingCycle] * 100;
export const TEMPLATE_AMOUNT_CENTS = TEMPLATE_PRICE_USD * 100;

/** A subscription price as an invoice line names it: "Pro (monthly)", cents, Stripe's interval. */
export const clockPrice = (priceBook: TPriceBook, priceId: string) => {
  const price = priceBook.findPrice(priceId);
  if (!price) return null;
  return {
    id: priceId,
    name: `${Plans[price.plan].label} (${price.billingCycle})`,
    unitAmount: unitAmountCents(price.plan, price.billingCycle),
    interval: price.billingCycle === 'annual' ? ('year' as const) : ('month' as const),
  };
};

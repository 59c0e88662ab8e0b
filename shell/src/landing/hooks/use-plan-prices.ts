// The pricing section's state: the billing cycle shown, and each plan's price for it.
import { useState } from 'react';
import { Plans } from '@dealflow/contracts/plans';

export type TBillingCycle = 'monthly' | 'annual';
export type TPlanKey = 'basic' | 'pro';

export interface TPlanPrice {
  key: TPlanKey;
  plan: (typeof Plans)[TPlanKey];
  /** The price per user and month for the cycle shown (annual: a twelfth of the yearly price). */
  shown: number;
  /** The line under the price: billed yearly with the saving, or billed monthly. */
  note: string;
}

/** Annual by default (as the organization setup); the cards follow the Monthly / Annual toggle. */
export function usePlanPrices() {
  const [cycle, setCycle] = useState<TBillingCycle>('annual');
  const prices: TPlanPrice[] = (['basic', 'pro'] as const).map((key) => {
    const plan = Plans[key];
    const monthly = plan.pricePerSeat.monthly;
    const annual = plan.pricePerSeat.annual;
    const shown = cycle === 'monthly' ? monthly : annual / 12;
    const saving = Math.round((1 - annual / (monthly * 12)) * 100);
    const note =
      cycle === 'annual'
        ? `$${annual} per user billed yearly, save ${saving}%`
        : `$${monthly} per user billed monthly`;
    return { key, plan, shown, note };
  });
  return { cycle, setCycle, prices };
}

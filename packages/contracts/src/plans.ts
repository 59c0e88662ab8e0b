// Zod-free on purpose: the landing page imports this table through `@dealflow/contracts/plans` without
// pulling zod into its first-load bundle.
/** Seed 000 section 9 and seed 001 section 9: the one table every price and limit comes from. */
export const Plans = {
  basic: {
    label: 'Basic',
    pricePerSeat: { monthly: 30, annual: 300 },
    monthlyDeckLimitPerSeat: 100,
    features: [
      'Up to 100 records per user per month',
      'Two integrations',
      'Team collaboration',
      'Basic AI processing',
      'Email support',
    ],
    missing: ['Advanced analytics', 'Priority support'],
    popular: false,
  },
  pro: {
    label: 'Pro',
    pricePerSeat: { monthly: 50, annual: 480 },
    monthlyDeckLimitPerSeat: 200,
    features: [
      '200 records per user per month',
      'Advanced AI processing',
      'Priority support',
      'Advanced analytics',
      'API access',
    ],
    missing: [],
    popular: true,
  },
} as const;
export const TRIAL_DAYS = 7;
export const TEMPLATE_PRICE_USD = 50;

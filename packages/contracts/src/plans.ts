import type { TDeckSection } from './events.js';

// Zod-free on purpose: the landing page imports this table through `@dealflow/contracts/plans` without
// pulling zod into its first-load bundle.
/**
 * Seed 000 section 9 and seed 001 section 9: the one table every price and limit comes from. The feature lines
 * are the ones the product does (the landing page's and the Billing page's plan cards print them); the seed's
 * "priority support" is left out: nothing in the product handles a Pro customer's request sooner.
 */
export const Plans = {
  basic: {
    label: 'Basic',
    pricePerSeat: { monthly: 30, annual: 300 },
    monthlyDeckLimitPerSeat: 100,
    /** Connected integrations (mailbox, accounting, CRM) an organization may have at once; null: no limit. */
    integrationLimit: 2 as number | null,
    features: [
      'Up to 100 records per user per month',
      'Two integrations (mailbox, accounting, CRM)',
      'Team collaboration',
      'AI extraction of every deck',
      'Email support',
    ],
    missing: ['AI deck analysis', 'Analytics', 'API access'],
    popular: false,
  },
  pro: {
    label: 'Pro',
    pricePerSeat: { monthly: 50, annual: 480 },
    monthlyDeckLimitPerSeat: 200,
    integrationLimit: null as number | null,
    features: [
      '200 records per user per month',
      'Unlimited integrations',
      'Team collaboration',
      'AI extraction and AI deck analysis',
      'Advanced analytics',
      'API access',
      'Email support',
    ],
    missing: [] as string[],
    popular: true,
  },
} as const;

/** Pro features (analytics, AI analysis, API access) need a Pro subscription that is active or trialing. */
export const isProActive = (plan: string | null | undefined, status: string | null | undefined): boolean =>
  plan === 'pro' && (status === 'active' || status === 'trialing');

/**
 * How many integrations an organization may have connected at once (null: no limit): Pro's while its
 * subscription is active or trialing, Basic's otherwise (also without a paid plan, and on a lapsed Pro).
 */
export const integrationLimitOf = (plan: string | null | undefined, status: string | null | undefined) =>
  isProActive(plan, status) ? Plans.pro.integrationLimit : Plans.basic.integrationLimit;

/** What the upgrade refusals say (svc-ingest and svc-crm's error tables, the pages that show them). */
export const UPGRADE_MESSAGES = {
  integrationLimit:
    'Your Basic plan includes two integrations. Disconnect one or upgrade to Pro to connect another.',
  analytics: 'Analytics is available on the Pro plan. Upgrade on the Billing page to see it.',
} as const;
export const TRIAL_DAYS = 7;

/** Organization API keys (Pro, api-keys.ts): the messages the server and the Settings page share. */
export const ApiKeyMessages = {
  nameRequired: 'Give the key a name so you can recognise it later.',
  nameMax: 'The name must be at most 60 characters.',
  proRequired: 'API access is part of the Pro plan. Upgrade to Pro to create and use API keys.',
} as const;
export const TEMPLATE_PRICE_USD = 50;

/**
 * The support address when none is configured: svc-identity's SUPPORT_EMAIL default (served by GET /api/config,
 * used in its emails) and the front ends' placeholder when that call fails (seed 001 section 3). Set
 * SUPPORT_EMAIL once; every screen and email follows.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@dealflow.local';

/** The usual pitch-deck sections as people read them (the offline analysis and its dialog). */
export const DECK_SECTION_LABELS: Record<TDeckSection, string> = {
  problem: 'Problem',
  solution: 'Solution',
  market: 'Market',
  product: 'Product',
  traction: 'Traction',
  businessModel: 'Business model',
  competition: 'Competition',
  team: 'Team',
  financials: 'Financials',
  ask: 'Ask',
};

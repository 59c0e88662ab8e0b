import type { TDeckSection } from './events.js';

// Zod-free on purpose: the landing page imports this table through `@dealflow/contracts/plans` without
// pulling zod into its first-load bundle.
/**
 * Seed 000 section 9 and seed 001 section 9: the one table every price and limit comes from. The feature lines
 * are the ones the product does (the landing page's and the Billing page's plan cards print them). Pro's
 * "priority support" is the Help menu's support form: its requests reach the support address flagged as priority
 * and are promised a first response sooner (SUPPORT_PROMISES below).
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
      'Email support (first response within 2 business days)',
    ],
    missing: ['AI deck analysis', 'Analytics', 'API access', 'Priority support'],
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
      'Priority support (first response within 4 business hours)',
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

/**
 * What each plan is promised when it asks for help (the Help menu's support form, svc-identity's support
 * requests): the first response time and whether the request reaches the support address as priority. Pro means
 * an active or trialing Pro subscription (isProActive); a lapsed Pro is answered as Basic.
 */
export const SUPPORT_PROMISES = {
  pro: { label: 'Pro', priority: true, firstResponse: '4 business hours' },
  basic: { label: 'Basic', priority: false, firstResponse: '2 business days' },
  none: { label: 'No plan', priority: false, firstResponse: '3 business days' },
} as const;
export type TSupportTier = keyof typeof SUPPORT_PROMISES;

/** The support tier of an organization's plan and subscription status. */
export const supportTierOf = (
  plan: string | null | undefined,
  status: string | null | undefined,
): TSupportTier =>
  isProActive(plan, status) ? 'pro' : plan === 'basic' || plan === 'pro' ? 'basic' : 'none';

/** The support form's rules and messages (svc-identity's validation and the form share them). */
export const SupportMessages = {
  subjectRequired: 'Please enter a subject.',
  subjectMax: 'The subject must be at most 150 characters.',
  messageRequired: 'Please describe what you need help with.',
  messageMin: 'Please describe the problem in at least 10 characters.',
  messageMax: 'The message must be at most 5000 characters.',
  throttled:
    'You have sent several requests in the last hour. We will answer them; please wait before sending more.',
} as const;
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

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

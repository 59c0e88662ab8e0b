import { FREE_MONTHLY_DECK_LIMIT, type TPlan } from '@dealflow/contracts';

/** Why an email waits in `pending`: the organization's decks of this month are used up. */
export const LIMIT_REASON = 'Monthly deck limit reached';

/** First day of the calendar month (UTC) of `now`: the monthly deck allowance resets then. */
export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The decks an organization may process this month: the figure billing last announced, or, before billing
 * has said anything, the free plan's allowance for an organization on the free plan (one rule, one number:
 * FREE_MONTHLY_DECK_LIMIT in the contracts). null = no limit known for a paid plan yet.
 */
export const findMonthlyDeckLimit = (org: { plan: TPlan; monthlyDeckLimit: number | null }): number | null =>
  org.monthlyDeckLimit ?? (org.plan === 'free' ? FREE_MONTHLY_DECK_LIMIT : null);

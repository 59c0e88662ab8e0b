import type { TPlan, TSubscriptionStatus } from '@dealflow/contracts';

/**
 * API access is a Pro feature: the plan billing reported (billing.subscription.changed), active or in
 * its trial. The same rule as svc-crm's analysis (create-deck-analysis.ts).
 */
export const hasApiAccess = (org: { plan: TPlan; subscriptionStatus: TSubscriptionStatus | null }): boolean =>
  org.plan === 'pro' && (org.subscriptionStatus === 'active' || org.subscriptionStatus === 'trialing');

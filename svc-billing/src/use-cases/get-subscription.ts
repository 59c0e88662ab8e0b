import type { EntityManager } from '@mikro-orm/core';
import { Plans, type TPlan } from '@dealflow/contracts';
import type { z } from 'zod';
import type { ZSubscription } from '@dealflow/contracts';
import { findOrganization } from '../repositories/organization.repository.js';

/** The seed shows the pro plan as "Professional". */
export const planLabel = (plan: TPlan) =>
  plan === 'pro' ? 'Professional' : plan === 'basic' ? Plans.basic.label : 'Free';

export async function getSubscription(
  em: EntityManager,
  orgId: number,
): Promise<z.infer<typeof ZSubscription>> {
  const org = await findOrganization(em, orgId);
  const plan = org?.plan ?? 'free';
  const seats = org ? (org.plan === 'free' ? Math.max(org.memberCount, 1) : org.seats) : 1;
  const pricePerSeat =
    plan !== 'free' && org?.billingCycle ? Plans[plan].pricePerSeat[org.billingCycle] : null;
  return {
    plan,
    planLabel: planLabel(plan),
    billingCycle: org?.billingCycle ?? null,
    status: org?.status ?? (plan === 'free' ? 'active' : null),
    seats,
    pricePerSeat,
    amount: pricePerSeat === null ? null : pricePerSeat * seats,
    currency: 'usd',
    trialEndsAt: org?.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: org?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: org?.cancelAtPeriodEnd ?? false,
    hasPaymentMethod: org?.hasPaymentMethod ?? false,
    stripeCustomerId: org?.stripeCustomerId ?? null,
    stripeSubscriptionId: org?.stripeSubscriptionId ?? null,
  };
}

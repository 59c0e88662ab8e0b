import type { EntityManager } from '@mikro-orm/core';
import type { TEventOf, TEventPayload, Topics } from '@dealflow/contracts';
import type { IOrganization } from '../entities/organization.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { formatMoney } from '@dealflow/contracts/money';

const target = (organization: IOrganization) => ({
  type: 'organization',
  id: organization.id,
  label: organization.name,
});

/**
 * The activity entries of a billing.subscription.changed, from the organization's state before it applies
 * (apply-subscription-change.ts calls it in the same transaction). Billing also sends the event when
 * nothing a person would notice changed (a period renewal, a resent state): those record nothing.
 */
export function recordSubscriptionActivity(
  em: EntityManager,
  organization: IOrganization,
  data: TEventPayload<typeof Topics.subscriptionChanged>,
  occurredAt: Date,
): void {
  const base = {
    organizationId: organization.id,
    userId: null,
    meta: null,
    occurredAt,
    target: target(organization),
  };
  if (organization.plan !== data.plan || organization.billingCycle !== data.billingCycle) {
    const cycle = data.billingCycle ? ` (${data.billingCycle})` : '';
    logActivity(em, {
      ...base,
      activityType: 'plan_changed',
      description: `Plan changed from ${organization.plan} to ${data.plan}${cycle}`,
      metadata: {
        from: { plan: organization.plan, billingCycle: organization.billingCycle },
        to: { plan: data.plan, billingCycle: data.billingCycle },
      },
    });
  }
  if (organization.subscriptionQuantity !== data.seats) {
    logActivity(em, {
      ...base,
      activityType: 'seats_changed',
      description: `Seats changed from ${organization.subscriptionQuantity} to ${data.seats}`,
      metadata: { from: organization.subscriptionQuantity, to: data.seats },
    });
  }
  if (organization.subscriptionStatus !== data.status) {
    logActivity(em, {
      ...base,
      activityType: 'subscription_status_changed',
      description: `Subscription ${organization.subscriptionStatus ? `changed from ${organization.subscriptionStatus} to` : 'is now'} ${data.status}`,
      metadata: {
        from: organization.subscriptionStatus,
        to: data.status,
        cancelAtPeriodEnd: data.cancelAtPeriodEnd,
        currentPeriodEnd: data.currentPeriodEnd,
      },
    });
  }
}

/**
 * billing.purchase.completed -> an entry in the buyer's organization (a guest's purchase before they have
 * one records nothing). Amounts are in the currency's minor unit, as billing sends them.
 */
export async function recordPurchaseActivity(
  em: EntityManager,
  { data, occurredAt }: Pick<TEventOf<typeof Topics.purchaseCompleted>, 'data' | 'occurredAt'>,
): Promise<void> {
  const buyer = await findUserById(em, data.userId);
  const organizationId = data.orgId ?? buyer?.organizationId ?? null;
  const amount = formatMoney(data.amountTotal, data.currency);
  logActivity(em, {
    organizationId,
    userId: buyer?.id ?? null,
    actor: buyer ? { name: buyer.name, email: buyer.email } : null,
    activityType: 'purchase_completed',
    description: `${buyer?.name ?? 'A buyer'} completed a purchase of ${amount}`,
    target: { type: 'checkout', id: data.checkoutSessionId, label: amount },
    metadata: {
      amountTotal: data.amountTotal,
      currency: data.currency,
      checkoutSessionId: data.checkoutSessionId,
    },
    meta: null,
    occurredAt: new Date(occurredAt),
  });
  await em.flush();
}

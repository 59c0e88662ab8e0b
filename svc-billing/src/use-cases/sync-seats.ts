import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { ensureOrganization, setMemberCount } from '../repositories/organization.repository.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';
import { applySubscription } from './apply-subscription.js';

/** Statuses whose subscription is charged per seat. */
export const BILLABLE_STATUSES = ['trialing', 'active', 'past_due', 'unpaid'] as const;
const BILLABLE = new Set<string>(BILLABLE_STATUSES);

export type TSeatDeps = Pick<TBillingDeps, 'provider' | 'priceBook' | 'logger'>;

/** A member event from identity: seats follow the member count it carries (its id is the provider's idempotency key). */
export const syncSeatsToMemberEvent = (
  em: EntityManager,
  event: { id: string; data: { orgId: number; memberCount: number; membershipVersion?: number } },
  deps: TSeatDeps,
) =>
  syncSeats(em, deps, {
    orgId: event.data.orgId,
    memberCount: event.data.memberCount,
    membershipVersion: event.data.membershipVersion,
    idempotencyKey: event.id,
  });

/**
 * Seats follow the team: the member count identity reported is kept when its membership version is newer
 * than the one held (a late or retried event changes nothing), then the subscription quantity becomes the
 * count billing holds, with proration. Absolute, so running it again sets the same number. `idempotencyKey`
 * (the event id, or the reconciliation's organization and version) keeps a retry from charging twice.
 */
export async function syncSeats(
  em: EntityManager,
  deps: Pick<TBillingDeps, 'provider' | 'priceBook' | 'logger'>,
  input: {
    orgId: number;
    /** Identity's count and its version; without them the count billing holds is billed. */
    memberCount?: number;
    membershipVersion?: number;
    idempotencyKey: string;
    actorId?: number;
  },
): Promise<{ quantity: number; updated: boolean }> {
  // Locked until the transaction ends: the count read here is the one a concurrent event waits behind.
  const org = await ensureOrganization(em, { orgId: input.orgId });
  const applied =
    input.memberCount !== undefined &&
    (await setMemberCount(em, input.orgId, input.memberCount, input.membershipVersion));
  const quantity = Math.max(applied ? input.memberCount! : org.memberCount, 1);
  if (!org.stripeSubscriptionId || !org.status || !BILLABLE.has(org.status) || org.deletedAt) {
    return { quantity, updated: false };
  }
  if (org.seats === quantity) return { quantity, updated: false };
  await lockSubscription(em, org.stripeSubscriptionId);
  const subscription = await deps.provider.updateSubscription(
    org.stripeSubscriptionId,
    { quantity },
    `seats-${org.stripeSubscriptionId}-${input.idempotencyKey}`,
  );
  await applySubscription(em, deps.priceBook, subscription, { actorId: input.actorId });
  deps.logger.info({ orgId: input.orgId, from: org.seats, to: quantity }, 'seats synced');
  return { quantity, updated: true };
}

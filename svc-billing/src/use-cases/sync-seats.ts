import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { ensureOrganization, setMemberCount } from '../repositories/organization.repository.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';
import { applySubscription } from './apply-subscription.js';

const BILLABLE = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/**
 * Seats follow the team: the subscription quantity becomes the member count identity reported (absolute,
 * so a redelivered or repeated event sets the same number and changes nothing), with proration. The
 * idempotency key is the event id, so a retry after a failure does not charge twice.
 */
export async function syncSeats(
  em: EntityManager,
  deps: Pick<TBillingDeps, 'provider' | 'priceBook' | 'logger'>,
  input: { orgId: number; memberCount: number; eventId: string; actorId?: number },
): Promise<{ quantity: number; updated: boolean }> {
  const org = await ensureOrganization(em, { orgId: input.orgId });
  await setMemberCount(em, input.orgId, input.memberCount);
  const quantity = Math.max(input.memberCount, 1);
  if (!org.stripeSubscriptionId || !org.status || !BILLABLE.has(org.status) || org.deletedAt) {
    return { quantity, updated: false };
  }
  if (org.seats === quantity) return { quantity, updated: false };
  await lockSubscription(em, org.stripeSubscriptionId);
  const subscription = await deps.provider.updateSubscription(
    org.stripeSubscriptionId,
    { quantity },
    `seats-${org.stripeSubscriptionId}-${input.eventId}`,
  );
  await applySubscription(em, deps.priceBook, subscription, { actorId: input.actorId });
  deps.logger.info({ orgId: input.orgId, from: org.seats, to: quantity }, 'seats synced');
  return { quantity, updated: true };
}

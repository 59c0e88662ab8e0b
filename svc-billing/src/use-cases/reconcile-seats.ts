import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { listMemberCounts } from '../repositories/organization.queries.js';
import { BILLABLE_STATUSES, syncSeats } from './sync-seats.js';

/**
 * Member counts and seats made good against identity, the source of truth: every organization whose
 * membership version at identity is newer than billing's (a member event lost or not yet applied), or whose
 * billable subscription has a seat count other than its members, goes through syncSeats in its own
 * transaction. An event applied meanwhile wins by its version; one arriving later finds its version stale.
 */
export async function reconcileSeats(
  em: EntityManager,
  { pageSize = 500 }: { pageSize?: number },
  deps: Pick<TBillingDeps, 'provider' | 'priceBook' | 'logger' | 'identity'>,
): Promise<{ checked: number; reconciled: number; failed: number }> {
  let afterId = 0;
  let checked = 0;
  let reconciled = 0;
  let failed = 0;
  for (;;) {
    const page = await deps.identity.listMemberships(afterId, pageSize);
    const held = await listMemberCounts(
      em,
      page.organizations.map((o) => o.orgId),
      BILLABLE_STATUSES,
    );
    for (const identity of page.organizations) {
      checked += 1;
      const billing = held.get(identity.orgId);
      const stale = !billing || billing.memberCountVersion < identity.membershipVersion;
      const seatsOff = billing?.billable === true && billing.seats !== Math.max(billing.memberCount, 1);
      if (!stale && !seatsOff) continue;
      try {
        await em.transactional((tx) =>
          syncSeats(tx, deps, {
            orgId: identity.orgId,
            memberCount: identity.memberCount,
            membershipVersion: identity.membershipVersion,
            idempotencyKey: `reconcile-v${identity.membershipVersion}-s${billing?.seats ?? 0}`,
          }),
        );
      } catch (err) {
        // One organization the provider refuses now must not keep the others waiting: the next pass tries again.
        deps.logger.warn(
          { err, orgId: identity.orgId },
          'member count reconciliation failed for an organization',
        );
        failed += 1;
        continue;
      }
      deps.logger.info(
        {
          orgId: identity.orgId,
          identity: { members: identity.memberCount, version: identity.membershipVersion },
          billing: billing
            ? { members: billing.memberCount, version: billing.memberCountVersion, seats: billing.seats }
            : null,
        },
        'member count reconciled with identity',
      );
      reconciled += 1;
    }
    if (page.nextAfterId === null) break;
    afterId = page.nextAfterId;
  }
  return { checked, reconciled, failed };
}

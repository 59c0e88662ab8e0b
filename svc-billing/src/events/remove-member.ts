import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { removeMember } from '../repositories/member.repository.js';
import { syncSeats } from '../use-cases/sync-seats.js';

/** identity.member.removed: the read model, then seats follow the member count the event carries (when its version is newer). */
export const memberRemoved = (deps: TBillingDeps) =>
  defineConsumer(Topics.memberRemoved, async (event, { em, logger }) => {
    const d = event.data;
    await removeMember(em, d.orgId, d.userId);
    await syncSeats(
      em,
      { ...deps, logger },
      {
        orgId: d.orgId,
        memberCount: d.memberCount,
        membershipVersion: d.membershipVersion,
        idempotencyKey: event.id,
      },
    );
  });

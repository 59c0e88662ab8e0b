import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { upsertMember } from '../repositories/member.repository.js';
import { syncSeats } from '../use-cases/sync-seats.js';

/** identity.member.added: the read model, then seats follow the member count the event carries (when its version is newer). */
export const memberAdded = (deps: TBillingDeps) =>
  defineConsumer(Topics.memberAdded, async (event, { em, logger }) => {
    const d = event.data;
    await upsertMember(em, { userId: d.userId, orgId: d.orgId, email: d.email, name: d.name, role: d.role });
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

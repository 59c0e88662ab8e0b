import type { EntityManager } from '@mikro-orm/core';
import type { TEventOf, Topics } from '@dealflow/contracts';
import { removeMember as removeMemberRow } from '../repositories/member.repository.js';
import { syncSeatsToMemberEvent, type TSeatDeps } from './sync-seats.js';

/** identity.member.removed: the read model, then seats follow the member count the event carries (when its version is newer). */
export async function removeMember(
  em: EntityManager,
  event: Pick<TEventOf<typeof Topics.memberRemoved>, 'id' | 'data'>,
  deps: TSeatDeps,
) {
  await removeMemberRow(em, event.data.orgId, event.data.userId);
  await syncSeatsToMemberEvent(em, event, deps);
}

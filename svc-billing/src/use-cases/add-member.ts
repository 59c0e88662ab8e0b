import type { EntityManager } from '@mikro-orm/core';
import type { TEventOf, Topics } from '@dealflow/contracts';
import { upsertMember } from '../repositories/member.repository.js';
import { syncSeatsToMemberEvent, type TSeatDeps } from './sync-seats.js';

/** identity.member.added: the read model, then seats follow the member count the event carries (when its version is newer). */
export async function addMember(
  em: EntityManager,
  event: Pick<TEventOf<typeof Topics.memberAdded>, 'id' | 'data'>,
  deps: TSeatDeps,
) {
  const d = event.data;
  await upsertMember(em, { userId: d.userId, orgId: d.orgId, email: d.email, name: d.name, role: d.role });
  await syncSeatsToMemberEvent(em, event, deps);
}

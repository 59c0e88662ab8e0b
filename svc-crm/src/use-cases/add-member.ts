import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { saveMember } from '../repositories/member.repository.js';

/** identity.member.added: the member may own deals. */
export async function addMember(
  em: EntityManager,
  data: TEventPayload<typeof Topics.memberAdded>,
): Promise<void> {
  await saveMember(em, { orgId: data.orgId, userId: data.userId, name: data.name.slice(0, 200) });
}

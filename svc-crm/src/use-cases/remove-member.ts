import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { deleteMember } from '../repositories/member.repository.js';

/** identity.member.removed: no longer a possible owner (the deals they own keep their id until reassigned). */
export async function removeMember(
  em: EntityManager,
  data: TEventPayload<typeof Topics.memberRemoved>,
): Promise<void> {
  await deleteMember(em, data.orgId, data.userId);
}

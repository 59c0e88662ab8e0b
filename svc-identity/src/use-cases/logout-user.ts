import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { deleteSessionByTokenHash } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';

/** Ends the presented session (idempotent: without a live session the caller is already signed out). */
export async function logoutUser(em: EntityManager, actor: TActor | null): Promise<void> {
  if (!actor) return;
  await em.transactional(async (tx) => {
    await deleteSessionByTokenHash(tx, actor.tokenHash);
    logActivity(tx, {
      userId: actor.userId,
      actor: { name: actor.live.name, email: actor.live.email },
      organizationId: actor.orgId,
      activityType: 'sign_out',
      description: `${actor.live.name} signed out`,
    });
  });
}

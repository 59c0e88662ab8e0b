import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { deleteSessionsOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';

/** "Sign out everywhere else": every session of the caller but the one making the request. */
export async function revokeOtherSessions(em: EntityManager, actor: TActor): Promise<number> {
  return em.transactional(async (tx) => {
    const revoked = await deleteSessionsOfUser(tx, actor.userId, actor.tokenHash);
    if (revoked > 0)
      logActivity(tx, {
        userId: actor.userId,
        organizationId: actor.orgId,
        activityType: 'session_revoked',
        description: `${actor.live.name} signed out everywhere else`,
        metadata: { revoked },
      });
    return revoked;
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { deleteSessionOfUser } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';

/**
 * Ends one of the caller's own sessions ("Your sessions"). Another user's session id answers 404, the same
 * as one that does not exist. Ending the current one is signing out. The gateway drops its cached answers
 * for the user's sessions in every replica (gateway/src/plugins/session.ts, SESSION_ENDING).
 */
export async function revokeSession(
  em: EntityManager,
  actor: TActor,
  sessionId: number,
): Promise<{ isCurrent: boolean }> {
  return em.transactional(async (tx) => {
    const ended = await deleteSessionOfUser(tx, actor.userId, sessionId);
    if (!ended) throw new IdentityError('SESSION_NOT_FOUND');
    logActivity(tx, {
      userId: actor.userId,
      organizationId: actor.orgId,
      activityType: 'session_revoked',
      description: `${actor.live.name} ended a session`,
      metadata: { sessionId, kind: ended.kind },
    });
    return { isCurrent: ended.id === actor.sessionId };
  });
}

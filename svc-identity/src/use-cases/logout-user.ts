import type { EntityManager } from '@mikro-orm/core';
import { findSessionByTokenHash, deleteSessionByTokenHash } from '../repositories/sessions.js';
import { logActivity } from '../repositories/activity-logs.js';

/** Ends the presented session (idempotent: an unknown or absent token is already signed out). */
export async function logoutUser(em: EntityManager, tokenHash: string | null): Promise<void> {
  if (!tokenHash) return;
  await em.transactional(async (tx) => {
    const session = await findSessionByTokenHash(tx, tokenHash);
    await deleteSessionByTokenHash(tx, tokenHash);
    if (session) {
      logActivity(tx, { userId: session.userId, organizationId: session.organizationId, activityType: 'sign_out', description: `${session.name} signed out` });
    }
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { deleteSessionByTokenHash, type TSessionReader } from '../repositories/sessions.js';
import { logActivity } from '../repositories/activity-logs.js';

/** Ends the presented session (idempotent: an unknown or absent token is already signed out). */
export async function logoutUser(
  em: EntityManager,
  sessions: TSessionReader,
  tokenHash: string | null,
): Promise<void> {
  if (!tokenHash) return;
  const session = await sessions.session(tokenHash);
  await em.transactional(async (tx) => {
    await deleteSessionByTokenHash(tx, tokenHash);
    if (session) {
      logActivity(tx, {
        userId: session.userId,
        organizationId: session.organizationId,
        activityType: 'sign_out',
        description: `${session.name} signed out`,
      });
    }
  });
}

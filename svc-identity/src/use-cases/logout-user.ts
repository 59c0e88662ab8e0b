import type { EntityManager } from '@mikro-orm/core';
import type { SqlReader } from '@dealflow/service-kit';
import { findSessionByTokenHash, deleteSessionByTokenHash } from '../repositories/sessions.js';
import { logActivity } from '../repositories/activity-logs.js';

/** Ends the presented session (idempotent: an unknown or absent token is already signed out). */
export async function logoutUser(em: EntityManager, sql: SqlReader, tokenHash: string | null): Promise<void> {
  if (!tokenHash) return;
  const session = await findSessionByTokenHash(sql, tokenHash);
  await em.transactional(async (tx) => {
    await deleteSessionByTokenHash(tx, tokenHash);
    if (session) {
      logActivity(tx, { userId: session.userId, organizationId: session.organizationId, activityType: 'sign_out', description: `${session.name} signed out` });
    }
  });
}

import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { deleteEmailRow } from '../repositories/inbox.queries.js';
import { lockEmail } from '../repositories/intake.queries.js';

/**
 * Deletes a record: the row with its body and deck text, and its stored deck files (attachments go with it). The
 * CRM deal stays. identity's activity log records who deleted what (ingest.integration.changed, record_deleted;
 * the sender and subject, no content).
 */
export async function deleteEmail(em: EntityManager, actor: { orgId: number; userId: number }, id: number) {
  await em.transactional(async (tx) => {
    // Locked: a consumer processing it meanwhile finds it gone and skips it.
    const email = await lockEmail(tx, id);
    if (!email || email.orgId !== actor.orgId) throw new IngestError('EMAIL_NOT_FOUND');
    await deleteEmailRow(tx, actor.orgId, id);
    publishIntegrationChanged(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      change: 'record_deleted',
      details: { emailId: id, fromEmail: email.fromEmail, subject: email.subject },
    });
  });
  em.clear();
  return { deleted: true as const, id };
}

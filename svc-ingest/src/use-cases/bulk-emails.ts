import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { archiveEmail } from './archive-email.js';
import { deleteEmail } from './delete-email.js';
import { retryEmail } from './retry-email.js';

/**
 * One action on the selected records, each on its own (one refusal does not undo the others): the answer says per
 * id whether it was done, and why not (not found in this organization, not retryable).
 */
export async function bulkEmails(
  em: EntityManager,
  actor: { orgId: number; userId: number },
  body: { action: 'archive' | 'unarchive' | 'delete' | 'retry'; ids: number[] },
) {
  const results: { id: number; ok: boolean; message?: string }[] = [];
  for (const id of new Set(body.ids)) {
    try {
      if (body.action === 'archive') await archiveEmail(em, actor.orgId, id, true);
      else if (body.action === 'unarchive') await archiveEmail(em, actor.orgId, id, false);
      else if (body.action === 'delete') await deleteEmail(em, actor, id);
      else await retryEmail(em, actor.orgId, id, actor.userId);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return { results };
}

import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { updateEmail } from '../repositories/email.repository.js';
import { publishEmailReceived } from '../repositories/ingest.events.js';
import { lockEmail } from '../repositories/intake.queries.js';
import { getEmail } from './get-email.js';

const RETRYABLE = new Set(['failed', 'not_added_missing_domain']);

/** Sends a failed or Missing Domain record through processing again (a new ingest.email.received). */
export async function retryEmail(em: EntityManager, orgId: number, id: number, actorId: number) {
  await em.transactional(async (tx) => {
    const email = await lockEmail(tx, id);
    if (!email || email.orgId !== orgId) throw new IngestError('EMAIL_NOT_FOUND');
    if (!RETRYABLE.has(email.status)) {
      throw new IngestError('NOT_RETRYABLE');
    }
    await updateEmail(tx, id, {
      status: 'pending',
      statusReason: null,
      dealId: null,
      dealUrl: null,
      dealProvider: null,
      // A person sends it again: the count of crashed claims (process-email's poison check) starts over.
      attempts: 0,
    });
    publishEmailReceived(tx, email, actorId);
  });
  return getEmail(em, orgId, id);
}

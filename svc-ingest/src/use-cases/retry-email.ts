import type { EntityManager } from '@mikro-orm/core';
import { Topics } from '@dealflow/contracts';
import { publishEvent } from '@dealflow/service-kit';
import { IngestError } from '../errors.js';
import { lockEmail, updateEmail } from '../repositories/email-repository.js';
import { getEmail } from './get-email.js';

const RETRYABLE = new Set(['failed', 'not_added_missing_domain']);

/** Sends a failed or Missing Domain record through processing again (a new ingest.email.received). */
export async function retryEmail(em: EntityManager, orgId: number, id: number, actorId: number) {
  await em.transactional(async (tx) => {
    const email = await lockEmail(tx, id);
    if (!email || email.org_id !== orgId) throw new IngestError('EMAIL_NOT_FOUND', 'Record not found');
    if (!RETRYABLE.has(email.status)) {
      throw new IngestError('NOT_RETRYABLE', 'Only failed and Missing Domain records can be retried');
    }
    await updateEmail(tx, id, {
      status: 'pending',
      statusReason: null,
      dealId: null,
      dealUrl: null,
      dealProvider: null,
      attemptsIncrement: true,
    });
    publishEvent(tx, {
      topic: Topics.emailReceived,
      orgId,
      actorId,
      data: {
        orgId,
        emailId: id,
        messageId: email.message_id,
        fromEmail: email.from_email,
        receivedAt: new Date(email.received_at).toISOString(),
      },
    });
  });
  return getEmail(em, orgId, id);
}

import type { EntityManager } from '@mikro-orm/core';
import type { Organization } from '../entities/organization.js';
import { parseMessage } from '../mail/parse-message.js';
import { publishEmailReceived } from '../repositories/ingest.events.js';
import { insertEmail } from '../repositories/intake.queries.js';
import { findMemberIdByEmail } from '../repositories/member.repository.js';

/**
 * Stores a received message, its attachments and the `ingest.email.received` outbox event in one
 * transaction; processing happens later in the consumer. A Message-ID already stored for the
 * organization returns the existing record (providers redeliver).
 */
export async function receiveMail(
  em: EntityManager,
  input: { org: Pick<Organization, 'id' | 'ownerId'>; raw: Buffer; source: 'webhook' | 'imap' },
) {
  const message = await parseMessage(input.raw);
  const receivedAt = new Date();
  return em.transactional(async (tx) => {
    const userId =
      (await findMemberIdByEmail(tx, input.org.id, [message.forwardedBy ?? '', message.fromEmail])) ??
      input.org.ownerId ??
      null;
    const { id, duplicate } = await insertEmail(tx, {
      orgId: input.org.id,
      messageId: message.messageId,
      fromName: message.fromName,
      fromEmail: message.fromEmail,
      forwardedBy: message.forwardedBy,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      receivedAt,
      source: input.source,
      userId,
      attachments: message.attachments,
    });
    if (!duplicate) {
      publishEmailReceived(tx, {
        orgId: input.org.id,
        id,
        messageId: message.messageId,
        fromEmail: message.fromEmail,
        receivedAt,
      });
    }
    return { emailId: id, duplicate };
  });
}

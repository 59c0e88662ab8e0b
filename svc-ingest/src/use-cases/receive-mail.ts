import type { EntityManager } from '@mikro-orm/core';
import { metrics } from '@opentelemetry/api';
import type { TIngestDeps } from '../deps.js';
import type { Organization } from '../entities/organization.js';
import { IngestError } from '../errors.js';
import { getMailPool } from '../domain/mail/mail-pool.js';
import { receiveForwardingConfirmation } from './receive-forwarding-confirmation.js';
import { summarizeHeaders } from '../domain/mail/webhook-auth.js';
import { publishEmailReceived } from '../repositories/ingest.events.js';
import { isSenderBlocked } from '../repositories/inbox.queries.js';
import { insertEmail } from '../repositories/intake.queries.js';
import { updateEmail } from '../repositories/email.repository.js';
import { findMemberIdByEmail } from '../repositories/member.repository.js';

/**
 * Stores a received message, its attachments and the `ingest.email.received` outbox event in one
 * transaction; processing happens later in the consumer. A Message-ID already stored for the
 * organization returns the existing record (providers redeliver).
 */
export async function receiveMail(
  em: EntityManager,
  input: {
    org: Pick<Organization, 'id' | 'ownerId'>;
    raw: Buffer;
    source: 'webhook' | 'imap' | 'api';
    /** The mail worker's wall time for this message (config MAIL_PARSE_TIMEOUT_MS). */
    parseTimeoutMs?: number;
  },
) {
  // Parsed in a worker thread with time and memory limits (a MIME bomb must not hold the event loop).
  let message;
  try {
    message = await getMailPool().parse(input.raw, input.parseTimeoutMs);
  } catch (error) {
    // Over the worker's time or memory: the organization is known (the post was authenticated), so the investor
    // sees a failed record with the reason rather than nothing. Malformed messages stay a 400 to the sender.
    if (error instanceof IngestError && error.code === 'MESSAGE_TOO_COMPLEX')
      return receiveUnreadableMail(em, {
        org: input.org,
        raw: input.raw,
        source: input.source,
        reason: error.message,
      });
    throw error;
  }
  // Gmail's forwarding confirmation (issue 22): shown on Integration 1, never a record.
  if (message.forwardingConfirmation)
    return receiveForwardingConfirmation(em, input.org.id, message.forwardingConfirmation);
  // "Not a deck" with a block (issue 22): the organization refuses this sender's or domain's mail.
  if (await isSenderBlocked(em, input.org.id, message.fromEmail)) throw new IngestError('SENDER_BLOCKED');
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
      sentAt: message.date,
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

/**
 * A provider's webhook post (SendGrid, Mailgun, Postmark, SES): a blocked sender's mail is dropped, answered as
 * received (no record), counted (`inbound_mail_dropped_total{reason="sender_blocked"}`) and logged without its
 * body. Not refused: providers retry a non-2xx answer for hours (Mailgun stops only on 406), so a 403 would
 * bring the same mail back again and again. The API intake keeps the 403 (its caller reads the answer).
 */
export async function receiveProviderMail(
  em: EntityManager,
  input: Parameters<typeof receiveMail>[1],
  deps: Pick<TIngestDeps, 'logger'>,
): Promise<{ emailId: number | null; duplicate: boolean }> {
  try {
    return await receiveMail(em, input);
  } catch (error) {
    if (!(error instanceof IngestError) || error.code !== 'SENDER_BLOCKED') throw error;
    metrics
      .getMeter('svc-ingest')
      .createCounter('inbound_mail_dropped_total', {
        description: 'Inbound provider mail dropped without a record, by reason',
      })
      .add(1, { reason: 'sender_blocked' });
    deps.logger.info(
      { orgId: input.org.id, source: input.source, bytes: input.raw.length },
      'inbound mail from a blocked sender dropped',
    );
    return { emailId: null, duplicate: false };
  }
}

/**
 * A message the mail worker could not read within its limits, stored as a failed record: From, Subject and
 * Message-ID from a linear read of the header block (a redelivery of the same Message-ID is the same record).
 * No body, no attachments, no `email.received`: there is nothing to process.
 */
export async function receiveUnreadableMail(
  em: EntityManager,
  input: {
    org: Pick<Organization, 'id' | 'ownerId'>;
    raw: Buffer;
    source: 'webhook' | 'imap' | 'api';
    reason: string;
  },
) {
  const headers = summarizeHeaders(input.raw);
  return em.transactional(async (tx) => {
    const { id, duplicate } = await insertEmail(tx, {
      orgId: input.org.id,
      messageId: headers.messageId,
      fromName:
        headers.from
          ?.replace(/<[^<>]*>/, '')
          .replaceAll('"', '')
          .trim() || null,
      fromEmail: headers.fromEmail ?? 'unknown',
      forwardedBy: null,
      subject: headers.subject,
      textBody: '',
      htmlBody: null,
      receivedAt: new Date(),
      sentAt: null,
      source: input.source,
      userId: input.org.ownerId ?? null,
      attachments: [],
    });
    if (!duplicate)
      await updateEmail(tx, id, { status: 'failed', statusReason: input.reason, processedAt: new Date() });
    return { emailId: id, duplicate };
  });
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A mailbox message over the size cap is not downloaded: it becomes a failed record (what its envelope says,
 * with the reason) so the investor sees it was there. No `email.received` event: there is nothing to process.
 */
export async function receiveOversizedMail(
  em: EntityManager,
  input: {
    org: Pick<Organization, 'id' | 'ownerId'>;
    envelope: {
      size: number;
      messageId: string | null;
      fromName: string | null;
      fromEmail: string | null;
      subject: string | null;
      date: Date | null;
    };
    maxBytes: number;
  },
) {
  const { envelope, org } = input;
  return em.transactional(async (tx) => {
    const { id, duplicate } = await insertEmail(tx, {
      orgId: org.id,
      messageId: envelope.messageId,
      fromName: envelope.fromName,
      fromEmail: envelope.fromEmail ?? 'unknown',
      forwardedBy: null,
      subject: envelope.subject,
      textBody: '',
      htmlBody: null,
      receivedAt: new Date(),
      sentAt: envelope.date,
      source: 'imap',
      userId: org.ownerId ?? null,
      attachments: [],
    });
    if (!duplicate)
      await updateEmail(tx, id, {
        status: 'failed',
        statusReason: `The message is ${mb(envelope.size)}, over the ${mb(input.maxBytes)} limit: it was not downloaded`,
        processedAt: new Date(),
      });
    return { emailId: id, duplicate };
  });
}

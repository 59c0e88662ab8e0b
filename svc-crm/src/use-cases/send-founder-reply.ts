import type { EntityManager } from '@mikro-orm/core';
import type { TReplyTemplateKind, TTimelineEntry } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { createReplySubject, fillReplyPlaceholders } from '../domain/founder-reply.js';
import type { TFounderMailer } from '../providers/founder-mailer.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import { createFounderReply } from '../repositories/founder-reply.repository.js';
import { findReplyContext } from './find-reply-context.js';
import { toTimelineEntry } from './get-deal-timeline.js';

/** The timeline's line for an email to the founder: to whom, the subject, then the message. */
export const founderEmailTimelineText = (to: string, subject: string, text: string) =>
  `To: ${to}\nSubject: ${subject}\n\n${text}`;

/**
 * A member emails the deal's founder: from the installation's address, Reply-To the member (the founder's
 * answer reaches them), In-Reply-To/References the founder's Message-ID; then logged on the timeline. The
 * email goes out before anything is written: a refused send leaves no trace but the 502.
 */
export async function sendFounderReply(
  em: EntityManager,
  mailer: TFounderMailer | null,
  input: {
    orgId: number;
    dealId: number;
    sender: { userId: number; name: string; email: string };
    template: TReplyTemplateKind | null;
    subject: string;
    text: string;
  },
  logger: { warn(obj: object, msg?: string): void },
): Promise<TTimelineEntry> {
  if (!mailer) throw new CrmError('REPLY_MAIL_NOT_CONFIGURED');
  const context = await findReplyContext(em, input.orgId, input.dealId);
  const values = {
    founderName: context.founderName,
    company: context.companyName,
    senderName: input.sender.name,
    subject: context.deck.subject,
  };
  const subject = createReplySubject(fillReplyPlaceholders(input.subject, values));
  const text = fillReplyPlaceholders(input.text, values);
  try {
    await mailer.send({
      to: context.deck.fromEmail,
      replyTo: input.sender.email,
      subject,
      text,
      inReplyTo: context.deck.messageId,
    });
  } catch (error) {
    logger.warn({ err: error, dealId: context.deal.id }, 'the reply to the founder was not sent');
    throw new CrmError('REPLY_SEND_FAILED');
  }
  return em.transactional(async (tx) => {
    await createFounderReply(tx, {
      orgId: input.orgId,
      dealId: context.deal.id,
      toEmail: context.deck.fromEmail,
      template: input.template,
      subject,
      body: text,
      inReplyTo: context.deck.messageId,
      sentBy: input.sender.userId,
      replyTo: input.sender.email,
      status: 'sent',
      sentAt: new Date(),
    });
    const event = await addDealEvent(tx, {
      orgId: input.orgId,
      dealId: context.deal.id,
      kind: 'email',
      actorId: input.sender.userId,
      text: founderEmailTimelineText(context.deck.fromEmail, subject, text),
    });
    return toTimelineEntry(event, false);
  });
}

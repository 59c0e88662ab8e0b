import type { EntityManager } from '@mikro-orm/core';
import type { Deal, Deck } from '../entities/index.js';
import { AUTOMATIC_SENDER_NAME, acknowledgementDay, fillReplyTemplate } from '../domain/founder-reply.js';
import {
  createFounderReply,
  findReplySettings,
  hasAcknowledgedOn,
} from '../repositories/founder-reply.repository.js';

/**
 * A new deal's founder is acknowledged when the organization turned it on (off by default), at most once per
 * founder address per UTC day: the email is queued here, in the deal's transaction, and sent by the
 * founder-acknowledgements schedule. Two decks racing from one founder meet the unique (org, address, day):
 * the loser's transaction fails and its redelivery finds the acknowledgement already queued.
 */
export async function queueFounderAcknowledgement(
  em: EntityManager,
  deal: Deal,
  deck: Deck,
  companyName: string,
): Promise<boolean> {
  if (!deck.fromEmail.includes('@')) return false;
  const settings = await findReplySettings(em, deal.orgId);
  if (!settings.autoAcknowledge) return false;
  const day = acknowledgementDay(new Date());
  if (await hasAcknowledgedOn(em, deal.orgId, deck.fromEmail, day)) return false;
  const template = settings.templates.find((t) => t.kind === 'acknowledge')!;
  const filled = fillReplyTemplate(template, {
    founderName: deck.fromName ?? deck.extractedData.contactInfo.name ?? null,
    company: companyName,
    senderName: AUTOMATIC_SENDER_NAME,
    subject: deck.subject,
  });
  await createFounderReply(em, {
    orgId: deal.orgId,
    dealId: deal.id,
    toEmail: deck.fromEmail,
    template: 'acknowledge',
    subject: filled.subject,
    body: filled.text,
    inReplyTo: deck.messageId,
    sentBy: null,
    replyTo: null,
    acknowledgedOn: day,
  });
  return true;
}

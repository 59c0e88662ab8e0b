import type { EntityManager } from '@mikro-orm/core';
import type { TTimelineEntry } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { UNKNOWN_COMPANY } from '../domain/deal-summary.js';
import { findCompanyById } from '../repositories/company.repository.js';
import { publishCommentCreated } from '../repositories/crm.events.js';
import { findDealById } from '../repositories/deal.repository.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import { enqueueWebhookEvent } from './enqueue-webhook-event.js';
import { toTimelineEntry } from './get-deal-timeline.js';

/**
 * A member comments on a deal; the members it @mentions (never the author) are told through
 * crm.comment.created, which identity turns into emails per their notification settings (identity checks
 * they belong to the organization).
 */
export async function commentOnDeal(
  em: EntityManager,
  input: { orgId: number; userId: number; dealId: number; text: string; mentions: number[] },
): Promise<TTimelineEntry> {
  const { orgId, userId } = input;
  const mentions = [...new Set(input.mentions)].filter((id) => id !== userId);
  return em.transactional(async (tx) => {
    const deal = await findDealById(tx, orgId, input.dealId);
    if (!deal) throw new CrmError('DEAL_NOT_FOUND');
    const event = await addDealEvent(tx, {
      orgId,
      dealId: deal.id,
      kind: 'comment',
      actorId: userId,
      text: input.text,
      mentions,
    });
    const company = await findCompanyById(tx, orgId, deal.companyId);
    await publishCommentCreated(tx, userId, {
      orgId,
      dealId: String(deal.id),
      commentId: String(event.id),
      authorId: userId,
      companyName: company?.name ?? UNKNOWN_COMPANY,
      text: input.text,
      mentions,
      dealUrl: deal.url,
    });
    await enqueueWebhookEvent(tx, orgId, 'comment.created', {
      dealId: deal.id,
      commentId: event.id,
      authorId: userId,
      companyName: company?.name ?? UNKNOWN_COMPANY,
      text: input.text,
      mentions,
      dealUrl: deal.url,
    });
    return toTimelineEntry(event, false);
  });
}

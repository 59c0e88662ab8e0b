import type { EntityManager } from '@mikro-orm/core';
import type { TDealRating } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { findDealById } from '../repositories/deal.repository.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import { saveDealRating } from '../repositories/deal-rating.repository.js';
import { getDealRating } from './get-deal-rating.js';

/** A member rates a deal 1-5 with a short note (a new rating replaces theirs); on the timeline too. */
export async function rateDeal(
  em: EntityManager,
  input: { orgId: number; userId: number; dealId: number; score: number; note: string | null },
): Promise<TDealRating> {
  const { orgId, userId } = input;
  await em.transactional(async (tx) => {
    const deal = await findDealById(tx, orgId, input.dealId);
    if (!deal) throw new CrmError('DEAL_NOT_FOUND');
    const note = input.note?.trim() || null;
    await saveDealRating(tx, { orgId, dealId: deal.id, userId, score: input.score, note });
    await addDealEvent(tx, {
      orgId,
      dealId: deal.id,
      kind: 'rating',
      actorId: userId,
      score: input.score,
      text: note,
    });
  });
  return getDealRating(em, input);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TDealRating } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { findDealById } from '../repositories/deal.repository.js';
import { listDealRatings } from '../repositories/deal-rating.repository.js';

/** The caller's rating, and the team's average and spread only once the caller has rated (no anchoring). */
export async function getDealRating(
  em: EntityManager,
  input: { orgId: number; userId: number; dealId: number },
): Promise<TDealRating> {
  const deal = await findDealById(em, input.orgId, input.dealId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND');
  const ratings = await listDealRatings(em, input.orgId, deal.id);
  const mine = ratings.find((r) => r.userId === input.userId);
  if (!mine) return { mine: null, summary: null };
  const scores = ratings.map((r) => r.score);
  const average = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
  return {
    mine: { score: mine.score, note: mine.note },
    summary: { average, spread: Math.max(...scores) - Math.min(...scores), count: scores.length },
  };
}

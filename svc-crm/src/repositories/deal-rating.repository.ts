import type { EntityManager } from '@mikro-orm/core';
import { DealRatingSchema, type DealRating } from '../entities/index.js';

export function findDealRating(
  em: EntityManager,
  dealId: number,
  userId: number,
): Promise<DealRating | null> {
  return em.findOne(DealRatingSchema, { dealId, userId });
}

export function listDealRatings(em: EntityManager, orgId: number, dealId: number): Promise<DealRating[]> {
  return em.find(DealRatingSchema, { orgId, dealId });
}

/** One rating per member: a new one replaces it. */
export async function saveDealRating(
  em: EntityManager,
  input: { orgId: number; dealId: number; userId: number; score: number; note: string | null },
): Promise<void> {
  await em.upsert(DealRatingSchema, { ...input, updatedAt: new Date() });
}

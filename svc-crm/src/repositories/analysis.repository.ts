import type { EntityManager } from '@mikro-orm/core';
import { DeckAnalysisSchema, type DeckAnalysis } from '../entities/index.js';

export function findDeckAnalysis(
  em: EntityManager,
  orgId: number,
  emailId: number,
): Promise<DeckAnalysis | null> {
  return em.findOne(DeckAnalysisSchema, { orgId, emailId });
}

export async function saveDeckAnalysis(
  em: EntityManager,
  analysis: Omit<DeckAnalysis, 'createdAt'>,
): Promise<DeckAnalysis> {
  return em.upsert(DeckAnalysisSchema, { ...analysis, createdAt: new Date() });
}

/** A new extraction of the record makes its old analysis stale. */
export async function deleteDeckAnalysis(em: EntityManager, emailId: number): Promise<void> {
  await em.nativeDelete(DeckAnalysisSchema, { emailId });
}

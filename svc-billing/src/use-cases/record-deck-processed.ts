import type { EntityManager } from '@mikro-orm/core';
import { addDeckProcessed, monthOf } from '../repositories/deck-usage.repository.js';

/** ingest.deck.processed: one more deck for the user this calendar month (a failed deck is not counted). */
export async function recordDeckProcessed(
  em: EntityManager,
  input: { orgId: number; userId: number | null; processedAt: string; outcome: string },
) {
  if (input.outcome === 'failed') return;
  await addDeckProcessed(em, {
    orgId: input.orgId,
    userId: input.userId,
    month: monthOf(new Date(input.processedAt)),
  });
}

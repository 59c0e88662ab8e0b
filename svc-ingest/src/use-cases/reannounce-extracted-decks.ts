import type { EntityManager } from '@mikro-orm/core';
import { publishDeckExtracted } from '../repositories/ingest.events.js';
import { claimUnansweredExtractions } from '../repositories/intake.queries.js';

/**
 * Times the sweep announces one extraction again (the original not counted), after which it leaves the record
 * alone. A lost event is one announcement lost: one repeat finds it. crm merely down or
 * behind answers the queued announcements when it is back. A record still unanswered after these many is
 * one crm does not answer (its consumer dead-letters it), which repeating forever would not change.
 */
export const MAX_DEAL_ANNOUNCEMENTS = 5;

/** Records claimed per sweep: the next tick takes the rest. */
const BATCH = 500;

/**
 * A completed record whose ingest.deck.extracted went out but which has no CRM outcome (no deal linked, no
 * rejection) since `olderThanMs` is announced again, with its current data (a person's corrections included)
 * and the outline read when it was processed. The broker can lose an event it acknowledged (go-mokapi, killed),
 * either this one or crm's answer; crm is idempotent per email (an existing deal is only announced again), so a
 * repeat of an event that was merely slow changes nothing. `exhausted`: records announced for the last time.
 */
export async function reannounceExtractedDecks(
  em: EntityManager,
  olderThanMs: number,
): Promise<{ reannounced: number[]; exhausted: number[] }> {
  const claimed = await claimUnansweredExtractions(
    em,
    new Date(Date.now() - olderThanMs),
    MAX_DEAL_ANNOUNCEMENTS,
    BATCH,
  );
  claimed.sort((a, b) => a.id - b.id);
  for (const record of claimed) publishDeckExtracted(em, record);
  return {
    reannounced: claimed.map((r) => r.id),
    exhausted: claimed.filter((r) => r.dealAnnouncements >= MAX_DEAL_ANNOUNCEMENTS).map((r) => r.id),
  };
}

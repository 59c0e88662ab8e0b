import type { EntityManager } from '@mikro-orm/core';
import type { TTimelineEntry } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import type { DealEvent } from '../entities/index.js';
import { findDealById } from '../repositories/deal.repository.js';
import { listDealEvents } from '../repositories/deal-event.repository.js';
import { findDealRating } from '../repositories/deal-rating.repository.js';

export function toTimelineEntry(event: DealEvent, showRatings: boolean): TTimelineEntry {
  const hidden = event.kind === 'rating' && !showRatings;
  return {
    id: String(event.id),
    kind: event.kind,
    actorId: event.actorId === null ? null : String(event.actorId),
    createdAt: event.createdAt.toISOString(),
    text: hidden ? null : event.text,
    fromStage: event.fromStage,
    toStage: event.toStage,
    score: hidden ? null : event.score,
    mentions: event.mentions.map(String),
  };
}

/** A deal's timeline, oldest first; ratings' scores and notes only for a member who has rated (no anchoring). */
export async function getDealTimeline(
  em: EntityManager,
  input: { orgId: number; userId: number; dealId: number },
): Promise<{ entries: TTimelineEntry[] }> {
  const deal = await findDealById(em, input.orgId, input.dealId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND');
  const rated = (await findDealRating(em, deal.id, input.userId)) !== null;
  const events = await listDealEvents(em, input.orgId, deal.id);
  return { entries: events.map((e) => toTimelineEntry(e, rated)) };
}

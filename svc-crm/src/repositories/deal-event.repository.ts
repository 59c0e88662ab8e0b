import type { EntityManager } from '@mikro-orm/core';
import { DealEventSchema, type DealEvent, type TDealEventKind } from '../entities/index.js';

export async function addDealEvent(
  em: EntityManager,
  input: {
    orgId: number;
    dealId: number;
    kind: TDealEventKind;
    actorId: number | null;
    text?: string | null;
    fromStage?: string | null;
    toStage?: string | null;
    score?: number | null;
    mentions?: number[];
  },
): Promise<DealEvent> {
  const event = em.create(DealEventSchema, {
    orgId: input.orgId,
    dealId: input.dealId,
    kind: input.kind,
    actorId: input.actorId,
    text: input.text ?? null,
    fromStage: input.fromStage ?? null,
    toStage: input.toStage ?? null,
    score: input.score ?? null,
    mentions: input.mentions ?? [],
    createdAt: new Date(),
  });
  await em.flush();
  return event;
}

/** A deal's timeline, oldest first. */
export function listDealEvents(em: EntityManager, orgId: number, dealId: number): Promise<DealEvent[]> {
  return em.find(DealEventSchema, { orgId, dealId }, { orderBy: { id: 'asc' }, limit: 1000 });
}

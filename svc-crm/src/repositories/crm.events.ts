import type { EntityManager } from '@mikro-orm/core';
import { publishEvent } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';

/** Outbox writes: they commit or roll back with the deal itself. */
export async function publishDealCreated(
  em: EntityManager,
  data: TEventPayload<typeof Topics.dealCreated>,
): Promise<void> {
  await publishEvent(em, { topic: Topics.dealCreated, orgId: data.orgId, data });
}

export async function publishDealRejected(
  em: EntityManager,
  data: TEventPayload<typeof Topics.dealRejected>,
): Promise<void> {
  await publishEvent(em, { topic: Topics.dealRejected, orgId: data.orgId, data });
}

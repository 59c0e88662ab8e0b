import type { EntityManager } from '@mikro-orm/core';
import { publishEvent } from '@dealflow/service-kit';
import { Topics, type TEventPayload, type TIntegrationKind } from '@dealflow/contracts';

// Every event crm publishes, and nothing else publishes: outbox writes in the caller's transaction, so they
// commit or roll back with the deal itself.

/** A deal exists for the record (new, or found again for a re-extracted record). */
export async function publishDealCreated(
  em: EntityManager,
  data: TEventPayload<typeof Topics.dealCreated>,
): Promise<void> {
  await publishEvent(em, { topic: Topics.dealCreated, orgId: data.orgId, data });
}

/** The record gets no deal: `missing_domain` or `provider_error`, with the reason people see. */
export async function publishDealRejected(
  em: EntityManager,
  data: TEventPayload<typeof Topics.dealRejected>,
): Promise<void> {
  await publishEvent(em, { topic: Topics.dealRejected, orgId: data.orgId, data });
}

/**
 * After the organization's CRM connection (Affinity) is connected or disconnected: svc-ingest counts it against
 * the plan's integration limit. `connected` is crm's whole list (['crm'] or []).
 */
export async function publishIntegrationsChanged(
  em: EntityManager,
  orgId: number,
  connected: TIntegrationKind[],
): Promise<void> {
  await publishEvent(em, {
    topic: Topics.crmIntegrationsChanged,
    orgId,
    data: { orgId, connected, changedAt: new Date().toISOString() },
  });
}

/** A comment on a deal: identity emails the members it @mentions (their notification settings permitting). */
export async function publishCommentCreated(
  em: EntityManager,
  actorId: number,
  data: TEventPayload<typeof Topics.commentCreated>,
): Promise<void> {
  await publishEvent(em, { topic: Topics.commentCreated, orgId: data.orgId, actorId, data });
}

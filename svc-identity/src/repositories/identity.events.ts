import type { EntityManager } from '@mikro-orm/core';
import { publishEvent } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';

/**
 * Outbox writes: each call adds an outbox row to the caller's transaction, so the event exists exactly
 * when the state change it describes was committed. The relay publishes it to Kafka (key = orgId).
 */
const publish = <T extends (typeof Topics)[keyof typeof Topics]>(
  em: EntityManager,
  topic: T,
  orgId: number,
  actorId: number | null,
  data: TEventPayload<T>,
): void => {
  publishEvent(em, { topic, orgId, actorId, data });
};

export const publishOrganizationCreated = (
  em: EntityManager,
  actorId: number,
  data: TEventPayload<typeof Topics.organizationCreated>,
) => publish(em, Topics.organizationCreated, data.orgId, actorId, data);

export const publishOrganizationDeleted = (em: EntityManager, actorId: number | null, orgId: number) =>
  publish(em, Topics.organizationDeleted, orgId, actorId, { orgId });

export const publishMemberAdded = (
  em: EntityManager,
  actorId: number | null,
  data: TEventPayload<typeof Topics.memberAdded>,
) => publish(em, Topics.memberAdded, data.orgId, actorId, data);

export const publishMemberRemoved = (
  em: EntityManager,
  actorId: number | null,
  data: TEventPayload<typeof Topics.memberRemoved>,
) => publish(em, Topics.memberRemoved, data.orgId, actorId, data);

export const publishUserDeleted = (em: EntityManager, userId: number, orgId: number | null) =>
  // Key = orgId; a user without an organization is keyed 0 (no organization's ordering to keep).
  publish(em, Topics.userDeleted, orgId ?? 0, userId, { userId, orgId });

import type { EntityManager } from '@mikro-orm/core';
import {
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../entities/index.js';

export function listEndpoints(em: EntityManager, orgId: number): Promise<WebhookEndpoint[]> {
  return em.find(WebhookEndpointSchema, { orgId }, { orderBy: { id: 'asc' } });
}

export function findEndpoint(em: EntityManager, orgId: number, id: number): Promise<WebhookEndpoint | null> {
  return em.findOne(WebhookEndpointSchema, { orgId, id });
}

export function findEndpointsByIds(em: EntityManager, ids: number[]): Promise<WebhookEndpoint[]> {
  return ids.length ? em.find(WebhookEndpointSchema, { id: { $in: ids } }) : Promise.resolve([]);
}

/** The organization's enabled endpoints that asked for `eventType`. */
export function findSubscribedEndpoints(
  em: EntityManager,
  orgId: number,
  eventType: string,
): Promise<WebhookEndpoint[]> {
  return em.find(WebhookEndpointSchema, { orgId, enabled: true, events: { $contains: [eventType] } });
}

export async function insertEndpoint(
  em: EntityManager,
  data: Pick<WebhookEndpoint, 'orgId' | 'url' | 'description' | 'events' | 'secretSealed' | 'createdBy'>,
): Promise<WebhookEndpoint> {
  const endpoint = em.create(WebhookEndpointSchema, { ...data, enabled: true } as WebhookEndpoint);
  await em.flush();
  return endpoint;
}

export async function updateEndpoint(
  em: EntityManager,
  endpoint: WebhookEndpoint,
  changes: Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'events' | 'enabled'>>,
): Promise<void> {
  em.assign(endpoint, changes);
  await em.flush();
}

export async function deleteEndpoint(em: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
  await em.nativeDelete(WebhookDeliverySchema, { endpointId: endpoint.id, orgId: endpoint.orgId });
  await em.nativeDelete(WebhookEndpointSchema, { id: endpoint.id, orgId: endpoint.orgId });
}

export async function insertDelivery(
  em: EntityManager,
  data: Pick<WebhookDelivery, 'orgId' | 'endpointId' | 'messageId' | 'eventType' | 'payload'>,
): Promise<WebhookDelivery> {
  const delivery = em.create(WebhookDeliverySchema, {
    ...data,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(),
    lastStatusCode: null,
    lastError: null,
    deliveredAt: null,
  } as WebhookDelivery);
  await em.flush();
  return delivery;
}

/** The endpoint's last 50 deliveries, newest first. */
export function lastDeliveries(
  em: EntityManager,
  orgId: number,
  endpointId: number,
): Promise<WebhookDelivery[]> {
  return em.find(WebhookDeliverySchema, { orgId, endpointId }, { orderBy: { id: 'desc' }, limit: 50 });
}

export function findDelivery(em: EntityManager, id: number): Promise<WebhookDelivery | null> {
  return em.findOne(WebhookDeliverySchema, { id });
}

/** One attempt's outcome. */
export async function recordAttempt(
  em: EntityManager,
  id: number,
  outcome: Pick<
    WebhookDelivery,
    'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
  >,
): Promise<void> {
  await em.nativeUpdate(WebhookDeliverySchema, { id }, outcome);
}

export async function deleteOrganizationWebhooks(em: EntityManager, orgId: number): Promise<void> {
  await em.nativeDelete(WebhookDeliverySchema, { orgId });
  await em.nativeDelete(WebhookEndpointSchema, { orgId });
}

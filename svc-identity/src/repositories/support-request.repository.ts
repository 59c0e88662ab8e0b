import type { EntityManager } from '@mikro-orm/core';
import type { TSupportStatus } from '@dealflow/contracts';
import { SupportRequestSchema, type ISupportRequest } from '../entities/support-request.js';

export async function insertSupportRequest(
  em: EntityManager,
  input: Omit<ISupportRequest, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
): Promise<ISupportRequest> {
  const request = em.create(SupportRequestSchema, { ...input, status: 'open' } as ISupportRequest);
  await em.flush();
  return request;
}

/** The organization's requests, newest first (the Help page shows the last `limit`). */
export const listSupportRequestsOf = (em: EntityManager, organizationId: number, limit: number) =>
  em.find(SupportRequestSchema, { organizationId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });

/** How many requests one person sent since `since` (the form's throttle). */
export const countSupportRequestsSince = (em: EntityManager, userId: number, since: Date) =>
  em.count(SupportRequestSchema, { userId, createdAt: { $gte: since } });

export const findSupportRequestOf = (em: EntityManager, organizationId: number, id: number) =>
  em.findOne(SupportRequestSchema, { id, organizationId });

export const findSupportRequestById = (em: EntityManager, id: number) =>
  em.findOne(SupportRequestSchema, { id });

export async function setSupportRequestStatus(
  em: EntityManager,
  request: ISupportRequest,
  status: TSupportStatus,
): Promise<ISupportRequest> {
  request.status = status;
  await em.flush();
  return request;
}

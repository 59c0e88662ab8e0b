import type { EntityManager } from '@mikro-orm/core';
import { AffinityConnectionSchema, type AffinityConnection } from '../entities/index.js';

export function findAffinityConnection(em: EntityManager, orgId: number): Promise<AffinityConnection | null> {
  return em.findOne(AffinityConnectionSchema, { orgId }, { disableIdentityMap: true });
}

export async function saveAffinityConnection(
  em: EntityManager,
  connection: Omit<AffinityConnection, 'createdAt' | 'updatedAt'>,
): Promise<void> {
  await em.upsert(AffinityConnectionSchema, { ...connection, updatedAt: new Date() });
}

export async function deleteAffinityConnection(em: EntityManager, orgId: number): Promise<void> {
  await em.nativeDelete(AffinityConnectionSchema, { orgId });
}

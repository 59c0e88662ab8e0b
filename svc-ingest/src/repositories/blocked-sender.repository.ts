import type { EntityManager } from '@mikro-orm/core';
import { BlockedSenderSchema, type BlockedSender } from '../entities/blocked-sender.js';

export const listBlockedSenders = (em: EntityManager, orgId: number) =>
  em.find(BlockedSenderSchema, { orgId }, { orderBy: { createdAt: 'desc', id: 'desc' } });

/** Adds the entry unless the organization already blocks it; true when it was added. */
export async function blockSender(
  em: EntityManager,
  entry: Pick<BlockedSender, 'orgId' | 'kind' | 'value' | 'createdBy'>,
): Promise<boolean> {
  const known = await em.findOne(BlockedSenderSchema, {
    orgId: entry.orgId,
    kind: entry.kind,
    value: entry.value,
  });
  if (known) return false;
  em.create(BlockedSenderSchema, { ...entry, createdAt: new Date() } as BlockedSender);
  await em.flush();
  return true;
}

/** Removes one entry of the organization's block list; true when it was there. */
export const unblockSender = async (em: EntityManager, orgId: number, id: number) =>
  (await em.nativeDelete(BlockedSenderSchema, { id, orgId })) > 0;

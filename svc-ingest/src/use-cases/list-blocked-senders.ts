import type { EntityManager } from '@mikro-orm/core';
import { listBlockedSenders as findBlockedSenders } from '../repositories/blocked-sender.repository.js';

/** The organization's block list, newest first (Integration 1). */
export async function listBlockedSenders(em: EntityManager, orgId: number) {
  const rows = await findBlockedSenders(em, orgId);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      value: r.value,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

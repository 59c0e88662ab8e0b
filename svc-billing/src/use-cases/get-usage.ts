import type { EntityManager } from '@mikro-orm/core';
import { monthlyDeckLimit, type ZUsage } from '@dealflow/contracts';
import type { z } from 'zod';
import { findOrganization } from '../repositories/organization-repository.js';
import { listUsage, monthOf } from '../repositories/usage-repository.js';

/** Decks processed this calendar month per user; limit = plan limit x seats. */
export async function getUsage(
  em: EntityManager,
  orgId: number,
  now = new Date(),
): Promise<z.infer<typeof ZUsage>> {
  const month = monthOf(now);
  const [org, rows] = await Promise.all([findOrganization(em, orgId), listUsage(em, orgId, month)]);
  return {
    month,
    totalDecksProcessed: rows.reduce((sum, r) => sum + r.decksProcessed, 0),
    limit: org ? monthlyDeckLimit(org.plan, org.seats) : 0,
    usageRecords: rows.map((r) => ({
      id: `${orgId}-${r.userId ?? 0}-${month}`,
      userId: r.userId,
      user: r.user,
      decksProcessed: r.decksProcessed,
    })),
  };
}

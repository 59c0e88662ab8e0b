import type { EntityManager } from '@mikro-orm/core';
import { FREE_MONTHLY_DECK_LIMIT, monthlyDeckLimit, type ZUsage } from '@dealflow/contracts';
import type { z } from 'zod';
import { findOrganization } from '../repositories/organization.repository.js';
import { listUsage, monthOf } from '../repositories/deck-usage.repository.js';
import { findMembers } from '../repositories/member.repository.js';

/** Decks processed this calendar month per user; limit = plan limit x seats (the free allowance without a plan). */
export async function getUsage(
  em: EntityManager,
  orgId: number,
  now = new Date(),
): Promise<z.infer<typeof ZUsage>> {
  const month = monthOf(now);
  const [org, rows] = await Promise.all([findOrganization(em, orgId), listUsage(em, orgId, month)]);
  const members = new Map(
    (
      await findMembers(
        em,
        rows.map((r) => r.userId),
      )
    ).map((m) => [m.userId, m]),
  );
  return {
    month,
    totalDecksProcessed: rows.reduce((sum, r) => sum + r.decksProcessed, 0),
    limit: org ? monthlyDeckLimit(org.plan, org.seats) : FREE_MONTHLY_DECK_LIMIT,
    usageRecords: rows.map((r) => ({
      id: `${orgId}-${r.userId}-${month}`,
      // User 0 stands for decks not attributed to a member.
      userId: r.userId || null,
      user: members.has(r.userId)
        ? { name: members.get(r.userId)!.name, email: members.get(r.userId)!.email }
        : null,
      decksProcessed: r.decksProcessed,
    })),
  };
}

import type { EntityManager } from '@mikro-orm/core';
import { execute, queryRows } from './sql.js';

/** Calendar month in UTC, e.g. 2026-11. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export const addDeckProcessed = (
  em: EntityManager,
  input: { orgId: number; userId: number | null; month: string },
) =>
  execute(
    em,
    `insert into deck_usage (org_id, user_id, month, decks_processed) values (?, ?, ?, 1)
     on conflict (org_id, user_id, month) do update set decks_processed = deck_usage.decks_processed + 1`,
    [input.orgId, input.userId ?? 0, input.month],
  );

export const listUsage = async (em: EntityManager, orgId: number, month: string) =>
  (
    await queryRows<{ user_id: number; decks_processed: number; name: string | null; email: string | null }>(
      em,
      `select u.user_id, u.decks_processed, m.name, m.email from deck_usage u
       left join members m on m.user_id = u.user_id
       where u.org_id = ? and u.month = ? order by u.decks_processed desc, u.user_id`,
      [orgId, month],
    )
  ).map((r) => ({
    userId: Number(r.user_id) || null,
    decksProcessed: Number(r.decks_processed),
    user: r.name != null && r.email != null ? { name: r.name, email: r.email } : null,
  }));

export const deleteOrganizationUsage = (em: EntityManager, orgId: number) =>
  execute(em, `delete from deck_usage where org_id = ?`, [orgId]);

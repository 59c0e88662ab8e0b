import type { EntityManager } from '@mikro-orm/core';

/** Runs SQL on the EntityManager's connection, inside its transaction when it has one. `?` placeholders. */
export async function sql<T = Record<string, unknown>>(
  em: EntityManager,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await em
    .getConnection()
    .execute(query, params as never[], 'all', em.getTransactionContext())) as T[];
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** First day of the calendar month (UTC) of `now`: the monthly deck allowance resets then. */
export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

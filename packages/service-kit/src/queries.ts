import type { EntityManager } from '@mikro-orm/core';

/**
 * Hand-written SQL, the one way (issue 21 item 6): a `.queries.ts` file runs its statement through these two,
 * inside the caller's transaction when there is one (`em.getTransactionContext()`), never through a local
 * wrapper. `?` placeholders take the values in order; MikroORM escapes each value where it stands, and an
 * array becomes its escaped elements (`any(array[?]::int[])` for a list, never a literal joined by hand).
 * Rows come back as PostgreSQL gives them (snake_case columns; timestamps as text).
 */
export async function rows<TRow>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<TRow[]> {
  return (await em
    .getConnection()
    .execute<TRow[]>(sql, [...params], 'all', em.getTransactionContext())) as TRow[];
}

/** A statement without rows to read (update, delete, a lock): the number of rows it touched. */
export async function execute(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const result = (await em.getConnection().execute(sql, [...params], 'run', em.getTransactionContext())) as {
    affectedRows?: number;
  };
  return result.affectedRows ?? 0;
}

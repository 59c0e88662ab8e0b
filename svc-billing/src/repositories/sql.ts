import type { EntityManager } from '@mikro-orm/core';

type Row = Record<string, unknown>;

/** Runs SQL in the caller's transaction (when there is one). Every repository goes through it. */
export const queryRows = async <T extends Row = Row>(
  em: EntityManager,
  query: string,
  params: unknown[] = [],
) => (await em.getConnection().execute(query, params, 'all', em.getTransactionContext())) as T[];

export const queryRow = async <T extends Row = Row>(
  em: EntityManager,
  query: string,
  params: unknown[] = [],
) => (await queryRows<T>(em, query, params))[0] ?? null;

export const execute = async (em: EntityManager, query: string, params: unknown[] = []): Promise<number> => {
  const result = (await em.getConnection().execute(query, params, 'run', em.getTransactionContext())) as {
    affectedRows?: number;
  };
  return result.affectedRows ?? 0;
};

export const toDate = (value: unknown): Date | null =>
  value == null ? null : value instanceof Date ? value : new Date(String(value));

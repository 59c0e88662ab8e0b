import type { EntityManager } from '@mikro-orm/core';

/** Advisory lock space of one person's member row: an upsert and a forget of the same person run one at a time. */
const MEMBER_LOCK_SPACE = 7_301;
export const lockPerson = (em: EntityManager, userId: number) =>
  em
    .getConnection()
    .execute(
      'select pg_advisory_xact_lock(?, ?)',
      [MEMBER_LOCK_SPACE, userId],
      'all',
      em.getTransactionContext(),
    );

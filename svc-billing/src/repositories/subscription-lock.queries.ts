import type { EntityManager } from '@mikro-orm/core';

/**
 * Serializes the re-reads of one subscription until the transaction ends. SQL because an advisory lock has
 * no ORM equivalent (correctness, not speed: there is no faster alternative to measure).
 */
export const lockSubscription = async (em: EntityManager, subscriptionId: string) => {
  await em
    .getConnection()
    .execute(
      'select pg_advisory_xact_lock(hashtext(?))',
      [subscriptionId],
      'all',
      em.getTransactionContext(),
    );
};

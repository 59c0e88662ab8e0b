import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@dealflow/service-kit';

/**
 * Serializes the re-reads of one subscription until the transaction ends. SQL because an advisory lock has
 * no ORM equivalent (correctness, not speed: there is no faster alternative to measure).
 */
export const lockSubscription = async (em: EntityManager, subscriptionId: string) => {
  await rows(em, 'select pg_advisory_xact_lock(hashtext(?))', [subscriptionId]);
};

import { LockMode } from '@mikro-orm/core';

/**
 * Options of billing's reads. They always reload the row: billing writes with native updates in the same
 * unit of work, so an entity cached in the identity map would be stale (the seat count after a subscription
 * update, for one). `refresh` rather than `disableIdentityMap`, which forks an EntityManager per read.
 * `lock` takes the row for update until the transaction ends.
 */
export const readOptions = (options: { lock?: boolean } = {}) => ({
  refresh: true,
  ...(options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
});

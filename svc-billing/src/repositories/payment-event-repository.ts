import type { EntityManager } from '@mikro-orm/core';
import { queryRow } from './sql.js';

/**
 * One round trip at the start of handling: records the event id and takes the per-subscription lock that
 * serializes re-reads of that subscription. False when another delivery already recorded the event.
 */
export const recordPaymentEventAndLock = async (
  em: EntityManager,
  id: string,
  type: string,
  lockKey: string | null,
) => {
  const row = await queryRow<{ inserted: number }>(
    em,
    `with ins as (insert into payment_events (id, type) values (?, ?) on conflict (id) do nothing returning 1)
     select (select count(*) from ins)::int as inserted${lockKey ? ', pg_advisory_xact_lock(hashtext(?)) is null as locked' : ''}`,
    lockKey ? [id, type, lockKey] : [id, type],
  );
  return Number(row?.inserted ?? 0) === 1;
};

import type { EntityManager } from '@mikro-orm/core';

/**
 * One round trip at the start of handling each webhook: records the event id and takes the per-subscription
 * lock that serializes re-reads of that subscription. False when another delivery already recorded the event.
 *
 * Hand-written because it is on the webhook path the bench measures (`npm run bench -w @dealflow/svc-billing`):
 * with it, 205 webhooks per CPU-second of the billing process and 42/s wall clock on the shared 2-core machine
 * at load 13.6 (2026-11-23; the README's table has the quiet-machine figures). The ORM has no
 * `insert ... on conflict do nothing returning` combined with the lock in one statement, so it would take
 * two round trips per event.
 */
export const recordPaymentEventAndLock = async (
  em: EntityManager,
  id: string,
  type: string,
  lockKey: string | null,
) => {
  const rows = await em.getConnection().execute<{ inserted: number }[]>(
    `with ins as (insert into payment_events (id, type) values (?, ?) on conflict (id) do nothing returning 1)
     select (select count(*) from ins)::int as inserted${lockKey ? ', pg_advisory_xact_lock(hashtext(?)) is null as locked' : ''}`,
    lockKey ? [id, type, lockKey] : [id, type],
    'all',
    em.getTransactionContext(),
  );
  return Number(rows[0]?.inserted ?? 0) === 1;
};

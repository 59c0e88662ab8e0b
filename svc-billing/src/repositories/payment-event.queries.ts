import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@dealflow/service-kit';

/**
 * One round trip at the start of handling each webhook: records the event id and takes the per-subscription
 * lock that serializes re-reads of that subscription. False when another delivery already recorded the event.
 *
 * Hand-written because it is on the webhook path `npm run bench -w @dealflow/svc-billing` measures: the ORM
 * has no `insert ... on conflict do nothing returning` joined with the advisory lock, so it would take two
 * round trips and two ORM calls per event where one statement does (each ORM call on this path measured
 * ~0.7 ms of CPU; see organization.queries.ts for the figures of the path with and without them).
 */
export const recordPaymentEventAndLock = async (
  em: EntityManager,
  id: string,
  type: string,
  lockKey: string | null,
) => {
  const [row] = await rows<{ inserted: number }>(
    em,
    `with ins as (insert into payment_events (id, type) values (?, ?) on conflict (id) do nothing returning 1)
     select (select count(*) from ins)::int as inserted${lockKey ? ', pg_advisory_xact_lock(hashtext(?)) is null as locked' : ''}`,
    lockKey ? [id, type, lockKey] : [id, type],
  );
  return Number(row?.inserted ?? 0) === 1;
};

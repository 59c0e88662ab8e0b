import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@dealflow/service-kit';

export interface TDueDeliveryRow {
  id: number;
  org_id: number;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs` (replicas share the work: SKIP LOCKED, and a claimed row is
 * not due again until its lease ends, so a replica that dies mid-send leaves it to the next run).
 */
export function claimDueDeliveries(
  em: EntityManager,
  limit: number,
  leaseMs: number,
): Promise<TDueDeliveryRow[]> {
  return rows<TDueDeliveryRow>(
    em,
    `update crm_webhook_delivery d
        set next_attempt_at = now() + (? * interval '1 millisecond')
      where d.id in (
        select id from crm_webhook_delivery
         where status = 'pending' and next_attempt_at <= now()
         order by next_attempt_at, id
         limit ?
         for update skip locked)
      returning d.id, d.org_id, d.endpoint_id, d.message_id, d.event_type, d.payload, d.attempts`,
    [leaseMs, limit],
  );
}

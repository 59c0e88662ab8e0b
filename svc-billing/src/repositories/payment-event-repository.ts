import type { EntityManager } from '@mikro-orm/core';
import { execute, queryRow } from './sql.js';

export const isPaymentEventHandled = async (em: EntityManager, id: string) =>
  (await queryRow(em, `select 1 as handled from payment_events where id = ?`, [id])) !== null;

/** Records the event id; false when another delivery already did (the caller then changes nothing). */
export const recordPaymentEvent = async (em: EntityManager, id: string, type: string) =>
  (await execute(em, `insert into payment_events (id, type) values (?, ?) on conflict (id) do nothing`, [id, type])) ===
  1;

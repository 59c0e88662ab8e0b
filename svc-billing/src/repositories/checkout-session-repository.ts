import type { EntityManager } from '@mikro-orm/core';
import type { CheckoutSessionRecord } from '../entities/checkout-session.js';
import { execute, queryRow, toDate } from './sql.js';

export const insertCheckoutSession = (
  em: EntityManager,
  record: Pick<CheckoutSessionRecord, 'id' | 'orgId' | 'userId' | 'mode' | 'plan' | 'billingCycle'>,
) =>
  execute(
    em,
    `insert into checkout_sessions (id, org_id, user_id, mode, plan, billing_cycle) values (?, ?, ?, ?, ?, ?)
     on conflict (id) do nothing`,
    [record.id, record.orgId, record.userId, record.mode, record.plan, record.billingCycle],
  );

export const findCheckoutSession = async (
  em: EntityManager,
  id: string,
  options: { lock?: boolean } = {},
) => {
  const row = await queryRow(
    em,
    `select * from checkout_sessions where id = ?${options.lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) return null;
  return {
    id: String(row.id),
    orgId: row.org_id == null ? null : Number(row.org_id),
    userId: Number(row.user_id),
    mode: row.mode as CheckoutSessionRecord['mode'],
    plan: (row.plan as string | null) ?? null,
    billingCycle: (row.billing_cycle as string | null) ?? null,
    completedAt: toDate(row.completed_at),
    loginUsedAt: toDate(row.login_used_at),
    purchaseRecordedAt: toDate(row.purchase_recorded_at),
    createdAt: toDate(row.created_at) ?? new Date(),
  } satisfies CheckoutSessionRecord;
};

export const markCheckoutCompleted = (em: EntityManager, id: string) =>
  execute(em, `update checkout_sessions set completed_at = coalesce(completed_at, now()) where id = ?`, [id]);

/** Single use: true only for the first caller. */
export const claimCheckoutForLogin = async (em: EntityManager, id: string) =>
  (await execute(
    em,
    `update checkout_sessions set login_used_at = now() where id = ? and login_used_at is null`,
    [id],
  )) === 1;

/** The one-time purchase is recorded once, whichever of webhook and auto-login sees it first. */
export const claimPurchase = async (em: EntityManager, id: string) =>
  (await execute(
    em,
    `update checkout_sessions set purchase_recorded_at = now() where id = ? and purchase_recorded_at is null`,
    [id],
  )) === 1;

import type { EntityManager } from '@mikro-orm/core';
import type { TBillingCycle, TPlan, TSubscriptionStatus } from '@dealflow/contracts';
import { rows } from '@dealflow/service-kit';
import type { BillingOrganization } from '../entities/organization.js';

const orNull = <T>(value: unknown) => (value ?? null) as T | null;
// MikroORM's pg type parsers leave timestamps as text: the ORM converts them, a raw query must.
const toDate = (value: unknown) => (value == null ? null : new Date(value as string | Date));

/**
 * The organization's row locked for update until the transaction ends: read on every webhook and every seat
 * change. Hand-written because `npm run bench -w @dealflow/svc-billing` showed the ORM's findOne on this path
 * (query building and hydration, ~0.7 ms of CPU per call in a CPU profile): signed webhooks per CPU-second of
 * the billing process with em.findOne 157-231 (5 runs), with this query 209-257 (2 runs), the old hand-written
 * SQL 190-313 (8 runs); shared 2-core machine at load 7-15, runs alternated, 2026-11-23.
 */
export const lockOrganization = async (
  em: EntityManager,
  orgId: number,
): Promise<BillingOrganization | null> => {
  const [row] = await rows<Record<string, unknown>>(
    em,
    'select * from organizations where id = ? for update',
    [orgId],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name),
    ownerId: orNull<number>(row.owner_id),
    ownerEmail: orNull<string>(row.owner_email),
    ownerName: orNull<string>(row.owner_name),
    memberCount: Number(row.member_count),
    memberCountVersion: Number(row.member_count_version),
    plan: row.plan as TPlan,
    billingCycle: orNull<TBillingCycle>(row.billing_cycle),
    status: orNull<TSubscriptionStatus>(row.status),
    stripeCustomerId: orNull<string>(row.stripe_customer_id),
    stripeSubscriptionId: orNull<string>(row.stripe_subscription_id),
    seats: Number(row.seats),
    trialEndsAt: toDate(row.trial_ends_at),
    currentPeriodEnd: toDate(row.current_period_end),
    cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
    hasPaymentMethod: Boolean(row.has_payment_method),
    deletedAt: toDate(row.deleted_at),
    createdAt: toDate(row.created_at)!,
    updatedAt: toDate(row.updated_at)!,
  };
};

/**
 * Billing's member count, its version and the seats of each organization asked about (the seat reconciliation),
 * in one statement over the list (the ORM would hydrate an entity per organization). Both lists are parameters
 * (`any(array[?]::type[])`), never a literal joined by hand. Not on a benched path: no figure.
 */
export async function listMemberCounts(
  em: EntityManager,
  orgIds: number[],
  billableStatuses: readonly string[],
): Promise<
  Map<number, { memberCount: number; memberCountVersion: number; seats: number; billable: boolean }>
> {
  if (orgIds.length === 0) return new Map();
  type TRow = {
    id: number;
    member_count: number;
    member_count_version: number;
    seats: number;
    billable: boolean;
  };
  const found = await rows<TRow>(
    em,
    `select id, member_count, member_count_version, seats,
            (stripe_subscription_id is not null and deleted_at is null
             and status = any(array[?]::text[])) as billable
       from organizations where id = any(array[?]::int[])`,
    [billableStatuses, orgIds],
  );
  return new Map(
    found.map((row) => [
      Number(row.id),
      {
        memberCount: Number(row.member_count),
        memberCountVersion: Number(row.member_count_version),
        seats: Number(row.seats),
        billable: Boolean(row.billable),
      },
    ]),
  );
}

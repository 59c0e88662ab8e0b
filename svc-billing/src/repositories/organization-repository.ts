import type { EntityManager } from '@mikro-orm/core';
import type { TBillingCycle, TPlan, TSubscriptionStatus } from '@dealflow/contracts';
import type { BillingOrganization } from '../entities/organization.js';
import { execute, queryRow, toDate } from './sql.js';

const COLUMNS = `id, name, owner_id, owner_email, owner_name, member_count, plan, billing_cycle, status,
  stripe_customer_id, stripe_subscription_id, seats, trial_ends_at, current_period_end, cancel_at_period_end,
  has_payment_method, deleted_at, created_at, updated_at`;

const fromRow = (row: Record<string, unknown>): BillingOrganization => ({
  id: Number(row.id),
  name: String(row.name),
  ownerId: row.owner_id == null ? null : Number(row.owner_id),
  ownerEmail: (row.owner_email as string | null) ?? null,
  ownerName: (row.owner_name as string | null) ?? null,
  memberCount: Number(row.member_count),
  plan: row.plan as TPlan,
  billingCycle: (row.billing_cycle as TBillingCycle | null) ?? null,
  status: (row.status as TSubscriptionStatus | null) ?? null,
  stripeCustomerId: (row.stripe_customer_id as string | null) ?? null,
  stripeSubscriptionId: (row.stripe_subscription_id as string | null) ?? null,
  seats: Number(row.seats),
  trialEndsAt: toDate(row.trial_ends_at),
  currentPeriodEnd: toDate(row.current_period_end),
  cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
  hasPaymentMethod: Boolean(row.has_payment_method),
  deletedAt: toDate(row.deleted_at),
  createdAt: toDate(row.created_at) ?? new Date(),
  updatedAt: toDate(row.updated_at) ?? new Date(),
});

export const findOrganization = async (
  em: EntityManager,
  orgId: number,
  options: { lock?: boolean } = {},
) => {
  const row = await queryRow(
    em,
    `select ${COLUMNS} from organizations where id = ?${options.lock ? ' for update' : ''}`,
    [orgId],
  );
  return row ? fromRow(row) : null;
};

export const findOrganizationByCustomer = async (em: EntityManager, customerId: string) => {
  const row = await queryRow(
    em,
    `select ${COLUMNS} from organizations where stripe_customer_id = ? for update`,
    [customerId],
  );
  return row ? fromRow(row) : null;
};

/**
 * Makes sure billing knows the organization, even before identity's organization.created event arrives
 * (organization setup starts checkout right after creating it). The event fills in the rest later.
 */
export const ensureOrganization = async (
  em: EntityManager,
  input: { orgId: number; ownerId?: number | null; ownerEmail?: string | null; ownerName?: string | null },
) => {
  const existing = await findOrganization(em, input.orgId, { lock: true });
  if (existing) return existing;
  await execute(
    em,
    `insert into organizations (id, owner_id, owner_email, owner_name) values (?, ?, ?, ?) on conflict (id) do nothing`,
    [input.orgId, input.ownerId ?? null, input.ownerEmail ?? null, input.ownerName ?? null],
  );
  return (await findOrganization(em, input.orgId, { lock: true }))!;
};

export const recordOrganizationCreated = async (
  em: EntityManager,
  input: {
    orgId: number;
    name: string;
    ownerId: number;
    ownerEmail: string;
    ownerName: string;
    memberCount: number;
  },
) => {
  await execute(
    em,
    `insert into organizations (id, name, owner_id, owner_email, owner_name, member_count)
     values (?, ?, ?, ?, ?, ?)
     on conflict (id) do update set name = excluded.name, owner_id = excluded.owner_id,
       owner_email = excluded.owner_email, owner_name = excluded.owner_name,
       member_count = greatest(organizations.member_count, excluded.member_count), updated_at = now()`,
    [
      input.orgId,
      input.name,
      input.ownerId,
      input.ownerEmail,
      input.ownerName,
      Math.max(input.memberCount, 1),
    ],
  );
};

export const setMemberCount = (em: EntityManager, orgId: number, memberCount: number) =>
  execute(em, `update organizations set member_count = ?, updated_at = now() where id = ?`, [
    memberCount,
    orgId,
  ]);

export const setCustomer = (em: EntityManager, orgId: number, customerId: string) =>
  execute(em, `update organizations set stripe_customer_id = ?, updated_at = now() where id = ?`, [
    customerId,
    orgId,
  ]);

export interface TBillingState {
  plan: TPlan;
  billingCycle: TBillingCycle | null;
  status: TSubscriptionStatus | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  seats: number;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
}

export const updateBillingState = (em: EntityManager, orgId: number, state: TBillingState) =>
  execute(
    em,
    `update organizations set plan = ?, billing_cycle = ?, status = ?, stripe_customer_id = ?,
       stripe_subscription_id = ?, seats = ?, trial_ends_at = ?, current_period_end = ?,
       cancel_at_period_end = ?, has_payment_method = ?, updated_at = now()
     where id = ?`,
    [
      state.plan,
      state.billingCycle,
      state.status,
      state.stripeCustomerId,
      state.stripeSubscriptionId,
      state.seats,
      state.trialEndsAt,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
      state.hasPaymentMethod,
      orgId,
    ],
  );

export const markOrganizationDeleted = (em: EntityManager, orgId: number) =>
  execute(
    em,
    `insert into organizations (id, deleted_at) values (?, now())
     on conflict (id) do update set deleted_at = now(), updated_at = now()`,
    [orgId],
  );

import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { TBillingCycle, TPlan, TSubscriptionStatus } from '@dealflow/contracts';
import { OrganizationSchema, type BillingOrganization } from '../entities/organization.js';

/**
 * Reads bypass the identity map: billing writes with native updates in the same unit of work, so a
 * cached entity would be stale (the seat count after a subscription update, for one).
 */
const readOptions = (lock?: boolean) => ({
  disableIdentityMap: true,
  ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
});

export const findOrganization = (
  em: EntityManager,
  orgId: number,
  options: { lock?: boolean } = {},
): Promise<BillingOrganization | null> =>
  em.findOne(OrganizationSchema, { id: orgId }, readOptions(options.lock));

export const findOrganizationByCustomer = (
  em: EntityManager,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<BillingOrganization | null> =>
  em.findOne(OrganizationSchema, { stripeCustomerId: customerId }, readOptions(options.lock));

/**
 * Makes sure billing knows the organization, even before identity's organization.created event arrives
 * (organization setup starts checkout right after creating it). The event fills in the rest later.
 */
export const ensureOrganization = async (
  em: EntityManager,
  input: { orgId: number; ownerId?: number | null; ownerEmail?: string | null; ownerName?: string | null },
): Promise<BillingOrganization> => {
  const existing = await findOrganization(em, input.orgId, { lock: true });
  if (existing) return existing;
  await em.upsert(
    OrganizationSchema,
    {
      id: input.orgId,
      ownerId: input.ownerId ?? null,
      ownerEmail: input.ownerEmail ?? null,
      ownerName: input.ownerName ?? null,
    },
    { onConflictFields: ['id'], onConflictAction: 'ignore', disableIdentityMap: true },
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
  // The member count only grows here: member events may have arrived before this one.
  const existing = await findOrganization(em, input.orgId, { lock: true });
  await em.upsert(
    OrganizationSchema,
    {
      id: input.orgId,
      name: input.name,
      ownerId: input.ownerId,
      ownerEmail: input.ownerEmail,
      ownerName: input.ownerName,
      memberCount: Math.max(existing?.memberCount ?? 0, input.memberCount, 1),
      updatedAt: new Date(),
    },
    {
      onConflictFields: ['id'],
      onConflictMergeFields: ['name', 'ownerId', 'ownerEmail', 'ownerName', 'memberCount', 'updatedAt'],
      disableIdentityMap: true,
    },
  );
};

export const setMemberCount = (em: EntityManager, orgId: number, memberCount: number) =>
  em.nativeUpdate(OrganizationSchema, { id: orgId }, { memberCount, updatedAt: new Date() });

export const setCustomer = (em: EntityManager, orgId: number, customerId: string) =>
  em.nativeUpdate(OrganizationSchema, { id: orgId }, { stripeCustomerId: customerId, updatedAt: new Date() });

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
  em.nativeUpdate(OrganizationSchema, { id: orgId }, { ...state, updatedAt: new Date() });

export const markOrganizationDeleted = (em: EntityManager, orgId: number) => {
  const now = new Date();
  return em.upsert(
    OrganizationSchema,
    { id: orgId, deletedAt: now, updatedAt: now },
    { onConflictFields: ['id'], onConflictMergeFields: ['deletedAt', 'updatedAt'], disableIdentityMap: true },
  );
};

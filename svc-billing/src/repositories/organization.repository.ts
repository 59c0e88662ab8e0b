import type { EntityManager } from '@mikro-orm/core';
import { OrganizationSchema, type BillingOrganization } from '../entities/organization.js';
import { readOptions } from '../entities/read-options.js';
import { lockOrganization } from './organization.queries.js';

export const findOrganization = (
  em: EntityManager,
  orgId: number,
  options: { lock?: boolean } = {},
): Promise<BillingOrganization | null> => em.findOne(OrganizationSchema, { id: orgId }, readOptions(options));

export const findOrganizationByCustomer = (
  em: EntityManager,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<BillingOrganization | null> =>
  em.findOne(OrganizationSchema, { stripeCustomerId: customerId }, readOptions(options));

/**
 * Makes sure billing knows the organization, even before identity's organization.created event arrives
 * (organization setup starts checkout right after creating it). The event fills in the rest later.
 */
export const ensureOrganization = async (
  em: EntityManager,
  input: { orgId: number; ownerId?: number | null; ownerEmail?: string | null; ownerName?: string | null },
): Promise<BillingOrganization> => {
  const existing = await lockOrganization(em, input.orgId);
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
  return (await lockOrganization(em, input.orgId))!;
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

/** What billing copies from the provider's subscription. */
export type TBillingState = Pick<
  BillingOrganization,
  | 'plan'
  | 'billingCycle'
  | 'status'
  | 'stripeCustomerId'
  | 'stripeSubscriptionId'
  | 'seats'
  | 'trialEndsAt'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'hasPaymentMethod'
>;

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

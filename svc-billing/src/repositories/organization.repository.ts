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
    membershipVersion?: number;
  },
) => {
  // Member events may have arrived before this one: their count stands when it is newer (or, without
  // versions, larger).
  const existing = await findOrganization(em, input.orgId, { lock: true });
  const version = input.membershipVersion ?? 0;
  const keepExisting = existing
    ? input.membershipVersion === undefined
      ? existing.memberCount > input.memberCount
      : existing.memberCountVersion >= version
    : false;
  await em.upsert(
    OrganizationSchema,
    {
      id: input.orgId,
      name: input.name,
      ownerId: input.ownerId,
      ownerEmail: input.ownerEmail,
      ownerName: input.ownerName,
      memberCount: keepExisting ? existing!.memberCount : Math.max(input.memberCount, 1),
      memberCountVersion: keepExisting ? existing!.memberCountVersion : version,
      updatedAt: new Date(),
    },
    {
      onConflictFields: ['id'],
      onConflictMergeFields: [
        'name',
        'ownerId',
        'ownerEmail',
        'ownerName',
        'memberCount',
        'memberCountVersion',
        'updatedAt',
      ],
      disableIdentityMap: true,
    },
  );
};

/**
 * The member count identity reported, kept only when its membership version is newer than the one held: a
 * retried or late event (member.added parked while a later member.removed went through) never undoes a later
 * count. An event without a version (written before versions existed) is applied as it comes.
 */
export const setMemberCount = async (
  em: EntityManager,
  orgId: number,
  memberCount: number,
  version?: number,
): Promise<boolean> =>
  version === undefined
    ? (await em.nativeUpdate(OrganizationSchema, { id: orgId }, { memberCount, updatedAt: new Date() })) > 0
    : (await em.nativeUpdate(
        OrganizationSchema,
        { id: orgId, memberCountVersion: { $lt: version } },
        { memberCount, memberCountVersion: version, updatedAt: new Date() },
      )) > 0;

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

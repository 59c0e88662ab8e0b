import type { EntityManager } from '@mikro-orm/core';
import { DealSchema, type Deal, type TCrmProvider } from '../entities/index.js';

export function findDealByEmail(em: EntityManager, orgId: number, emailId: number): Promise<Deal | null> {
  return em.findOne(DealSchema, { orgId, emailId });
}

export function findDealById(em: EntityManager, orgId: number, id: number): Promise<Deal | null> {
  return em.findOne(DealSchema, { orgId, id });
}

/**
 * The unique (org_id, email_id) constraint is the last line against a second deal for one deck: a
 * concurrent duplicate fails its transaction and its retry finds the deal.
 */
export async function createDeal(
  em: EntityManager,
  input: {
    orgId: number;
    companyId: number;
    emailId: number;
    provider: TCrmProvider;
    externalId: string | null;
    stage: string;
    notes: string | null;
    buildUrl: (dealId: number) => string;
  },
): Promise<Deal> {
  const deal = em.create(DealSchema, {
    orgId: input.orgId,
    companyId: input.companyId,
    emailId: input.emailId,
    provider: input.provider,
    externalId: input.externalId,
    stage: input.stage,
    notes: input.notes,
    correctedAt: null,
    providerSyncPending: false,
    url: '',
    createdAt: new Date(),
  });
  await em.flush();
  deal.url = input.buildUrl(deal.id);
  await em.flush();
  return deal;
}

export function countDealsOfCompany(em: EntityManager, orgId: number, companyId: number): Promise<number> {
  return em.count(DealSchema, { orgId, companyId });
}

/**
 * A correction reached the deal: its note written again from the corrected data, the company it belongs to now,
 * when the correction was made and whether the provider (Affinity) still has to be told.
 */
export async function updateDealCorrection(
  em: EntityManager,
  deal: Deal,
  input: { companyId: number; notes: string; correctedAt: Date; providerSyncPending: boolean },
): Promise<void> {
  await em.nativeUpdate(DealSchema, { id: deal.id }, input);
  Object.assign(deal, input);
}

export async function updateDealCompany(em: EntityManager, deal: Deal, companyId: number): Promise<void> {
  await em.nativeUpdate(DealSchema, { id: deal.id }, { companyId });
  deal.companyId = companyId;
}

/** The provider (Affinity) accepted the deal's latest correction. */
export async function updateDealProviderSynced(em: EntityManager, deal: Deal): Promise<void> {
  await em.nativeUpdate(DealSchema, { id: deal.id }, { providerSyncPending: false });
  deal.providerSyncPending = false;
}

import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
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
    amount?: string | null;
    round?: string | null;
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
    ownerId: null,
    nextStep: null,
    nextStepDate: null,
    passReason: null,
    amount: input.amount?.slice(0, 64) ?? null,
    round: input.round?.slice(0, 64) ?? null,
    url: '',
    createdAt: new Date(),
    updatedAt: new Date(),
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

/** A deal to change, locked until the transaction ends (two stage changes at once are applied one after the other). */
export function findDealForUpdate(em: EntityManager, orgId: number, id: number): Promise<Deal | null> {
  return em.findOne(DealSchema, { orgId, id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** The organization's built-in deals, newest first, after the cursor (a deal id). */
export function listDeals(
  em: EntityManager,
  input: { orgId: number; stage?: string; ownerId?: number | null; cursor?: number; limit: number },
): Promise<Deal[]> {
  const where: FilterQuery<Deal> = { orgId: input.orgId, provider: 'builtin' };
  if (input.stage !== undefined) where.stage = input.stage;
  if (input.ownerId !== undefined) where.ownerId = input.ownerId;
  if (input.cursor !== undefined) where.id = { $lt: input.cursor };
  return em.find(DealSchema, where, { orderBy: { id: 'desc' }, limit: input.limit });
}

export async function updateDealFields(
  em: EntityManager,
  deal: Deal,
  changes: Partial<
    Pick<Deal, 'stage' | 'ownerId' | 'nextStep' | 'nextStepDate' | 'passReason' | 'amount' | 'round'>
  >,
): Promise<void> {
  const updatedAt = new Date();
  await em.nativeUpdate(DealSchema, { id: deal.id }, { ...changes, updatedAt });
  Object.assign(deal, changes, { updatedAt });
}

/** Which of these stages still hold deals of the organization. */
export async function stagesInUse(em: EntityManager, orgId: number, stages: string[]): Promise<string[]> {
  const used: string[] = [];
  for (const stage of stages) if ((await em.count(DealSchema, { orgId, stage })) > 0) used.push(stage);
  return used;
}

import type { EntityManager } from '@mikro-orm/core';
import { CompanySchema, type Company, type TCrmProvider } from '../entities/index.js';

export function findCompanyByDomain(
  em: EntityManager,
  orgId: number,
  domain: string,
): Promise<Company | null> {
  return em.findOne(CompanySchema, { orgId, domain });
}

export function findCompanyById(em: EntityManager, orgId: number, id: number): Promise<Company | null> {
  return em.findOne(CompanySchema, { orgId, id });
}

/**
 * Insert-or-get on (org_id, domain): two decks of one company never make two companies. On a conflict the
 * row already there wins (its name and Affinity id); a concurrent insert waits on the unique index until
 * the other transaction ends.
 */
export async function createCompany(
  em: EntityManager,
  input: { orgId: number; domain: string; name: string; provider: TCrmProvider; externalId: string | null },
): Promise<Company> {
  const { id } = await em.upsert(
    CompanySchema,
    { ...input, name: input.name.slice(0, 255), createdAt: new Date() },
    { onConflictFields: ['orgId', 'domain'], onConflictAction: 'ignore' },
  );
  // The upserted entity carries the input's values; the row that won may hold others.
  return em.findOneOrFail(CompanySchema, { id }, { refresh: true });
}

export async function updateCompanyExternalId(
  em: EntityManager,
  company: Company,
  provider: TCrmProvider,
  externalId: string,
): Promise<void> {
  company.provider = provider;
  company.externalId = externalId;
  await em.flush();
}

export async function updateCompanyName(em: EntityManager, company: Company, name: string): Promise<void> {
  await em.nativeUpdate(CompanySchema, { id: company.id }, { name: name.slice(0, 255) });
  company.name = name.slice(0, 255);
}

/** A company whose only deal's website was corrected keeps its row (and its Affinity id) on the new domain. */
export async function updateCompanyDomain(
  em: EntityManager,
  company: Company,
  input: { domain: string; name: string },
): Promise<void> {
  const name = input.name.slice(0, 255);
  await em.nativeUpdate(CompanySchema, { id: company.id }, { domain: input.domain, name });
  Object.assign(company, { domain: input.domain, name });
}

/** A company left without deals (its only deal moved to another company). Only called with no deals left. */
export async function deleteCompany(em: EntityManager, company: Company): Promise<void> {
  await em.nativeDelete(CompanySchema, { orgId: company.orgId, id: company.id });
}

/** The companies of these ids (a page of deals presented at once). */
export function findCompaniesByIds(em: EntityManager, orgId: number, ids: number[]): Promise<Company[]> {
  return em.find(CompanySchema, { orgId, id: { $in: ids } });
}

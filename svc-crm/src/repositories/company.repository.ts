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

/** Insert-or-get on (org_id, domain): two decks of one company never make two companies. */
export async function createCompany(
  em: EntityManager,
  input: { orgId: number; domain: string; name: string; provider: TCrmProvider; externalId: string | null },
): Promise<Company> {
  const rows = await em.getConnection().execute<{ id: number }[]>(
    `insert into crm_company (org_id, domain, name, provider, external_id) values (?, ?, ?, ?, ?)
     on conflict (org_id, domain) do update set external_id = coalesce(crm_company.external_id, excluded.external_id)
     returning id`,
    [input.orgId, input.domain, input.name.slice(0, 255), input.provider, input.externalId],
    'all',
    em.getTransactionContext(),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into crm_company returned no row');
  const company = await em.findOneOrFail(CompanySchema, { id }, { refresh: true });
  return company;
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

import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { ZDeal } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import type { Deal } from '../entities/index.js';
import { UNKNOWN_COMPANY } from '../domain/deal-summary.js';
import { findDealById } from '../repositories/deal.repository.js';
import { findCompanyById } from '../repositories/company.repository.js';

type TDeal = z.infer<typeof ZDeal>;

/** A deal as the records page shows it, with its company's name and domain. */
export async function presentDeal(em: EntityManager, deal: Deal): Promise<TDeal> {
  const company = await findCompanyById(em, deal.orgId, deal.companyId);
  return {
    id: String(deal.id),
    companyId: String(deal.companyId),
    companyName: company?.name ?? UNKNOWN_COMPANY,
    domain: company?.domain ?? '',
    stage: deal.stage,
    provider: deal.provider,
    url: deal.url,
    emailId: deal.emailId,
    createdAt: deal.createdAt.toISOString(),
    notes: deal.notes,
  };
}

/** A built-in deal by its id (the deal link `/processed-emails?deal=<id>`), caller's organization only. */
export async function getDeal(em: EntityManager, orgId: number, dealId: number): Promise<TDeal> {
  const deal = await findDealById(em, orgId, dealId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND');
  return presentDeal(em, deal);
}

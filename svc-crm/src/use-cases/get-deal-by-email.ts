import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { ZDeal } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import type { Deal } from '../entities/index.js';
import { findDealByEmail, findDealById } from '../repositories/deal.repository.js';
import { findCompanyById } from '../repositories/company.repository.js';

type TDeal = z.infer<typeof ZDeal>;

async function presentDeal(em: EntityManager, deal: Deal): Promise<TDeal> {
  const company = await findCompanyById(em, deal.orgId, deal.companyId);
  return {
    id: String(deal.id),
    companyId: String(deal.companyId),
    companyName: company?.name ?? 'Unknown Company',
    domain: company?.domain ?? '',
    stage: deal.stage,
    provider: deal.provider,
    url: deal.url,
    emailId: deal.emailId,
    createdAt: deal.createdAt.toISOString(),
    notes: deal.notes,
  };
}

/** The deal of a record, only within the caller's organization (another org's record is a 404). */
export async function getDealByEmail(em: EntityManager, orgId: number, emailId: number): Promise<TDeal> {
  const deal = await findDealByEmail(em, orgId, emailId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND', 'No CRM deal exists for this record');
  return presentDeal(em, deal);
}

/** A built-in deal by its id (the deal link `/processed-emails?deal=<id>`). */
export async function getDeal(em: EntityManager, orgId: number, dealId: number): Promise<TDeal> {
  const deal = await findDealById(em, orgId, dealId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND', 'Deal not found');
  return presentDeal(em, deal);
}

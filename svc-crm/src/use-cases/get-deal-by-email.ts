import type { EntityManager } from '@mikro-orm/core';
import { CrmError } from '../errors.js';
import { findDealByEmail } from '../repositories/deal.repository.js';
import { presentDeal } from './get-deal.js';

/** The deal of a record, only within the caller's organization (another org's record is a 404). */
export async function getDealByEmail(em: EntityManager, orgId: number, emailId: number) {
  const deal = await findDealByEmail(em, orgId, emailId);
  if (!deal) throw new CrmError('DEAL_OF_RECORD_NOT_FOUND');
  return presentDeal(em, deal);
}

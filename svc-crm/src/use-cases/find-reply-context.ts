import type { EntityManager } from '@mikro-orm/core';
import { CrmError } from '../errors.js';
import { UNKNOWN_COMPANY } from '../domain/deal-summary.js';
import type { Deal, Deck } from '../entities/index.js';
import { findCompanyById } from '../repositories/company.repository.js';
import { findDealById } from '../repositories/deal.repository.js';
import { findDeck } from '../repositories/deck.repository.js';

/** A deal and what a reply to its founder needs: the founder's address, name, subject and Message-ID. */
export interface TReplyContext {
  deal: Deal;
  deck: Deck;
  companyName: string;
  founderName: string | null;
}

/** The deal of the caller's organization (404 otherwise) and its founder (400 when no address is known). */
export async function findReplyContext(
  em: EntityManager,
  orgId: number,
  dealId: number,
): Promise<TReplyContext> {
  const deal = await findDealById(em, orgId, dealId);
  if (!deal) throw new CrmError('DEAL_NOT_FOUND');
  return findReplyContextOf(em, deal);
}

export async function findReplyContextOf(em: EntityManager, deal: Deal): Promise<TReplyContext> {
  const deck = await findDeck(em, deal.orgId, deal.emailId);
  if (!deck || !deck.fromEmail.includes('@')) throw new CrmError('FOUNDER_ADDRESS_UNKNOWN');
  const company = await findCompanyById(em, deal.orgId, deal.companyId);
  return {
    deal,
    deck,
    companyName: company?.name ?? UNKNOWN_COMPANY,
    founderName: deck.fromName ?? deck.extractedData.contactInfo.name ?? null,
  };
}

import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { createDealSummary } from '../domain/deal-summary.js';
import { findCompanyById, updateCompanyName } from '../repositories/company.repository.js';
import { findDealByEmail, updateDealNotes } from '../repositories/deal.repository.js';
import { findDeck, updateDeckData } from '../repositories/deck.repository.js';

type TRecordCorrected = TEventPayload<typeof Topics.recordCorrected>;

/**
 * ingest.record.corrected: the deck's read model takes the corrected data, the deal's note is written from
 * it again and a corrected company name renames the company. Applying the same event twice gives the same
 * state (the event carries the whole corrected data), and the kit's inbox skips redeliveries anyway.
 * The company stays on its domain: a corrected website does not move the deal to another company.
 */
export async function applyRecordCorrection(
  em: EntityManager,
  correction: TRecordCorrected,
): Promise<'applied' | 'no_deck'> {
  const deck = await findDeck(em, correction.orgId, correction.emailId);
  if (!deck) return 'no_deck';
  await updateDeckData(em, deck.emailId, correction.extractedData);
  const deal = await findDealByEmail(em, correction.orgId, correction.emailId);
  if (!deal) return 'applied';
  const companyName = correction.extractedData.companyName?.trim();
  if (correction.field === 'companyName' && companyName) {
    const company = await findCompanyById(em, correction.orgId, deal.companyId);
    if (company) await updateCompanyName(em, company, companyName);
  }
  await updateDealNotes(
    em,
    deal,
    createDealSummary(correction.extractedData, {
      fromEmail: deck.fromEmail,
      subject: deck.subject,
      deckLinks: deck.deckLinks,
    }),
  );
  return 'applied';
}

import type { EntityManager } from '@mikro-orm/core';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { findCompanyDomain } from '../domain/company-domain.js';
import { createDealSummary, findCompanyName } from '../domain/deal-summary.js';
import type { Company, Deal } from '../entities/index.js';
import {
  createCompany,
  deleteCompany,
  findCompanyByDomain,
  findCompanyById,
  updateCompanyDomain,
  updateCompanyName,
} from '../repositories/company.repository.js';
import { publishDealCreated } from '../repositories/crm.events.js';
import {
  countDealsOfCompany,
  findDealByEmail,
  updateDealCompany,
  updateDealCorrection,
  updateDealFields,
} from '../repositories/deal.repository.js';
import { findDeck, updateDeckData } from '../repositories/deck.repository.js';

type TRecordCorrected = TEventPayload<typeof Topics.recordCorrected>;

export type TApplyCorrectionOutcome = 'applied' | 'no_deck' | 'no_deal';

/**
 * ingest.record.corrected: the deck's read model takes the corrected data, the deal's note is written from it
 * again, a corrected company name renames the company and a corrected website puts the deal on the company of
 * its domain (`moveDealToDomain`). An Affinity deal is marked for the provider (`sync-corrected-deal`, a second
 * consumer of the same event, tells Affinity), so Affinity being down never holds back or loses the correction
 * here. The kit's inbox applies each event once; applying the same data again changes nothing anyway.
 */
export async function applyRecordCorrection(
  em: EntityManager,
  correction: TRecordCorrected,
): Promise<TApplyCorrectionOutcome> {
  const deck = await findDeck(em, correction.orgId, correction.emailId);
  if (!deck) return 'no_deck';
  await updateDeckData(em, deck.emailId, correction.extractedData);
  const deal = await findDealByEmail(em, correction.orgId, correction.emailId);
  if (!deal) return 'no_deal';
  let company = await findCompanyById(em, correction.orgId, deal.companyId);
  if (!company) return 'no_deal';
  const before = { id: company.id, domain: company.domain, name: company.name };

  if (correction.field === 'website') {
    // The same rule as when the deal was made: the website's domain, else the sender's unless free mail.
    const domain = findCompanyDomain({
      website: correction.extractedData.website,
      fromEmail: deck.fromEmail,
    });
    // No domain at all (website removed, free-mail sender): the deal keeps its company.
    if (domain && domain !== company.domain)
      company = await moveDealToDomain(em, deal, company, domain, correction.extractedData);
  }
  const companyName = correction.extractedData.companyName?.trim();
  if (correction.field === 'companyName' && companyName && companyName !== company.name)
    await updateCompanyName(em, company, companyName);

  await updateDealCorrection(em, deal, {
    companyId: company.id,
    notes: createDealSummary(correction.extractedData, {
      fromEmail: deck.fromEmail,
      subject: deck.subject,
      deckLinks: deck.deckLinks,
    }),
    correctedAt: latest(deal.correctedAt, new Date(correction.correctedAt)),
    providerSyncPending: deal.provider !== 'builtin',
  });

  // The record's amount and round are the deal's until someone edits them on the deal.
  if (correction.field === 'fundingAmount' || correction.field === 'fundingRound') {
    const key = correction.field === 'fundingAmount' ? 'amount' : 'round';
    await updateDealFields(em, deal, {
      [key]: correction.extractedData[correction.field]?.slice(0, 64) ?? null,
    });
  }
  await addDealEvent(em, {
    orgId: correction.orgId,
    dealId: deal.id,
    kind: 'correction',
    actorId: correction.correctedBy,
    text: `Corrected ${correction.field}`,
  });

  // The deal's company changed (another one, or this one on a new domain or name): announced again as
  // crm.deal.created, as for a re-extracted record (ingest relinks the record, identity emails once per deal).
  if (before.id !== company.id || before.domain !== company.domain || before.name !== company.name) {
    await publishDealCreated(em, {
      orgId: deal.orgId,
      emailId: deal.emailId,
      dealId: String(deal.id),
      companyId: String(company.id),
      dealUrl: deal.url,
      provider: deal.provider,
      companyName: company.name,
    });
  }
  return 'applied';
}

/**
 * The deal goes to the organization's company of `domain` (never another organization's: every lookup is by
 * org id). If there is none, its company moves to the domain when the deal is its only deal, or the deal gets
 * a new company when it shares one. A company left without deals is deleted: companies exist only for their
 * deals (one made by a typo in this deck must not stay behind). Its Affinity organization, if any, stays in
 * Affinity: crm does not delete what people may have worked on there.
 */
async function moveDealToDomain(
  em: EntityManager,
  deal: Deal,
  current: Company,
  domain: string,
  data: TRecordCorrected['extractedData'],
): Promise<Company> {
  const existing = await findCompanyByDomain(em, deal.orgId, domain);
  const othersOnCurrent = (await countDealsOfCompany(em, deal.orgId, current.id)) - 1;
  if (existing) {
    // Moved before the emptied company goes (deals cascade with their company).
    await updateDealCompany(em, deal, existing.id);
    if (othersOnCurrent === 0) await deleteCompany(em, current);
    return existing;
  }
  if (othersOnCurrent === 0) {
    await updateCompanyDomain(em, current, { domain, name: findCompanyName(data, domain) });
    return current;
  }
  return createCompany(em, {
    orgId: deal.orgId,
    domain,
    name: findCompanyName(data, domain),
    provider: deal.provider,
    externalId: null,
  });
}

const latest = (a: Date | null, b: Date) => (a && a > b ? a : b);

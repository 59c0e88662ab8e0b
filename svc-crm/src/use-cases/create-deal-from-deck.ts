import type { EntityManager } from '@mikro-orm/core';
import { findPipeline } from '../repositories/pipeline.repository.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { findCompanyDomain } from '../domain/company-domain.js';
import { createDealName, createDealSummary, findCompanyName } from '../domain/deal-summary.js';
import type { TCrmDeps } from '../deps.js';
import { saveDeck, updateDeckOutcome } from '../repositories/deck.repository.js';
import {
  createCompany,
  findCompanyByDomain,
  updateCompanyExternalId,
} from '../repositories/company.repository.js';
import { createDeal, findDealByEmail } from '../repositories/deal.repository.js';
import { publishDealCreated, publishDealRejected } from '../repositories/crm.events.js';
import { deleteDeckAnalysis } from '../repositories/analysis.repository.js';
import { enqueueWebhookEvent } from './enqueue-webhook-event.js';
import { queueFounderAcknowledgement } from './queue-founder-acknowledgement.js';

type TDeckExtracted = TEventPayload<typeof Topics.deckExtracted>;

export const MISSING_DOMAIN_MESSAGE =
  'No company domain: the deck names no website and the sender uses a free-mail address';

/** The consumer passes its per-event logger (topic and event id bound). */
export type TCreateDealDeps = Pick<TCrmDeps, 'providers' | 'publicUrl' | 'logger'>;

export type TCreateDealOutcome = 'created' | 'existing' | 'missing_domain' | 'provider_error';

/**
 * ingest.deck.extracted -> one deal per company and deck. Runs inside the consumer's transaction (with
 * the inbox row), so a redelivered event does nothing; a record extracted again after a retry finds its
 * deal and only announces it again.
 */
export async function createDealFromDeck(
  em: EntityManager,
  deck: TDeckExtracted,
  deps: TCreateDealDeps,
): Promise<TCreateDealOutcome> {
  const existing = await findDealByEmail(em, deck.orgId, deck.emailId);
  if (existing) {
    await saveDeck(em, deck, 'deal_created');
    await publishDealCreated(em, {
      orgId: deck.orgId,
      emailId: deck.emailId,
      dealId: String(existing.id),
      companyId: String(existing.companyId),
      dealUrl: existing.url,
      provider: existing.provider,
      companyName: deck.extractedData.companyName ?? undefined,
    });
    return 'existing';
  }

  await deleteDeckAnalysis(em, deck.emailId);
  // The record completed (ingest announces it with its extraction): customers' webhooks hear of it.
  await enqueueWebhookEvent(em, deck.orgId, 'record.completed', {
    recordId: deck.emailId,
    fromEmail: deck.fromEmail,
    fromName: deck.fromName,
    subject: deck.subject,
    extractedData: deck.extractedData,
  });
  const domain = findCompanyDomain({ website: deck.extractedData.website, fromEmail: deck.fromEmail });
  if (!domain) {
    await saveDeck(em, deck, 'missing_domain');
    await publishDealRejected(em, {
      orgId: deck.orgId,
      emailId: deck.emailId,
      reason: 'missing_domain',
      message: MISSING_DOMAIN_MESSAGE,
    });
    return 'missing_domain';
  }
  const savedDeck = await saveDeck(em, deck, 'deal_created');

  // The organization's own Affinity account when its owner connected one, else the built-in CRM.
  const provider = await deps.providers.forOrganization(em, deck.orgId);
  const companyName = findCompanyName(deck.extractedData, domain);
  const summary = createDealSummary(deck.extractedData, deck);
  const company =
    (await findCompanyByDomain(em, deck.orgId, domain)) ??
    (await createCompany(em, {
      orgId: deck.orgId,
      domain,
      name: companyName,
      provider: provider.name,
      externalId: null,
    }));

  let result;
  try {
    result = await provider.createDeal({
      companyName: company.name,
      domain,
      companyExternalId: company.provider === provider.name ? company.externalId : null,
      dealName: createDealName(company.name, deck.extractedData),
      summary,
    });
  } catch (error) {
    // The client already waited out 429s and retried 5xx; what is left is not going to pass on its own.
    // The record shows Failed with the reason, and Retry sends the deck here again.
    deps.logger.warn({ err: error, emailId: deck.emailId }, 'CRM provider refused the deal');
    await updateDeckOutcome(em, deck.emailId, 'provider_error');
    await publishDealRejected(em, {
      orgId: deck.orgId,
      emailId: deck.emailId,
      reason: 'provider_error',
      // Affinity's own text stays in the log (above): the record shows our words and the HTTP status only.
      message: `The CRM (${provider.name}) did not accept the deal${httpStatusOf(error)}. Retry later; the details are in the service log.`,
    });
    return 'provider_error';
  }
  if (result.companyExternalId && result.companyExternalId !== company.externalId) {
    await updateCompanyExternalId(em, company, provider.name, result.companyExternalId);
  }

  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const deal = await createDeal(em, {
    orgId: deck.orgId,
    companyId: company.id,
    emailId: deck.emailId,
    provider: provider.name,
    externalId: result.dealExternalId,
    stage: (await findPipeline(em, deck.orgId)).stages[0]!.name,
    notes: summary,
    amount: deck.extractedData.fundingAmount,
    round: deck.extractedData.fundingRound,
    buildUrl: (dealId) => result.url ?? `${publicUrl}/processed-emails?deal=${dealId}`,
  });
  await addDealEvent(em, {
    orgId: deck.orgId,
    dealId: deal.id,
    kind: 'created',
    actorId: null,
    toStage: deal.stage,
  });
  await publishDealCreated(em, {
    orgId: deck.orgId,
    emailId: deck.emailId,
    dealId: String(deal.id),
    companyId: String(company.id),
    dealUrl: deal.url,
    provider: deal.provider,
    companyName: company.name,
  });
  await enqueueWebhookEvent(em, deck.orgId, 'deal.created', {
    dealId: deal.id,
    recordId: deck.emailId,
    companyId: company.id,
    companyName: company.name,
    stage: deal.stage,
    provider: deal.provider,
    dealUrl: deal.url,
  });
  await queueFounderAcknowledgement(em, deal, savedDeck, company.name);
  deps.logger.info({ emailId: deck.emailId, dealId: deal.id, provider: deal.provider }, 'deal created');
  return 'created';
}

/** " (HTTP 429)" for a provider error that carries a status, "" otherwise. */
function httpStatusOf(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status > 0 ? ` (HTTP ${status})` : '';
}

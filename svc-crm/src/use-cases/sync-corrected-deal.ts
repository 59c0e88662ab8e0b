import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { createDealName } from '../domain/deal-summary.js';
import type { TCrmDeps } from '../deps.js';
import { findCompanyById, updateCompanyExternalId } from '../repositories/company.repository.js';
import { findDealByEmail, updateDealProviderSynced } from '../repositories/deal.repository.js';
import { findDeck } from '../repositories/deck.repository.js';

type TRecordCorrected = TEventPayload<typeof Topics.recordCorrected>;

export type TSyncCorrectedDealDeps = Pick<TCrmDeps, 'providers' | 'logger'>;

/** Thrown while crm has not applied the correction itself yet: the kit parks the event and tries again. */
export class CorrectionNotAppliedYet extends Error {
  constructor(emailId: number) {
    super(`The correction of record ${emailId} is not applied in crm yet; the provider is told after it`);
    this.name = 'CorrectionNotAppliedYet';
  }
}

/**
 * ingest.record.corrected, second step (after `apply-record-correction`): an Affinity deal marked pending gets
 * its company's name and domain, its name, its company and the corrected summary in Affinity, through the
 * organization's own client. The client waits out 429s and retries 5xx (4 attempts); an error left over is
 * thrown, so the service kit retries the event with backoff and, when it keeps failing, keeps it as a dead
 * letter to replay (`node dist/dead-letters.js`). The deal stays `providerSyncPending` until Affinity accepts
 * it; the correction itself is already applied in crm by then and is never rolled back by Affinity's failure.
 */
export async function syncCorrectedDeal(
  em: EntityManager,
  correction: TRecordCorrected,
  deps: TSyncCorrectedDealDeps,
): Promise<'synced' | 'nothing_to_do' | 'not_connected'> {
  const deal = await findDealByEmail(em, correction.orgId, correction.emailId);
  if (!deal || deal.provider === 'builtin') return 'nothing_to_do';
  // The first step runs before this one for each delivery; it may have been parked (a database error).
  if (!deal.correctedAt || deal.correctedAt < new Date(correction.correctedAt))
    throw new CorrectionNotAppliedYet(correction.emailId);
  // Already told (an earlier event's step sent the same latest state).
  if (!deal.providerSyncPending) return 'nothing_to_do';

  const provider = await deps.providers.forOrganization(em, correction.orgId);
  if (provider.name !== deal.provider) {
    // Affinity disconnected since: the deal stays pending, there is no account to tell.
    deps.logger.warn(
      { emailId: deal.emailId },
      'corrected Affinity deal not sent: Affinity is not connected',
    );
    return 'not_connected';
  }
  const company = await findCompanyById(em, correction.orgId, deal.companyId);
  const deck = await findDeck(em, correction.orgId, correction.emailId);
  if (!company || !deck) return 'nothing_to_do';

  const result = await provider.updateDeal({
    companyName: company.name,
    domain: company.domain,
    companyExternalId: company.provider === provider.name ? company.externalId : null,
    dealExternalId: deal.externalId,
    dealName: createDealName(company.name, deck.extractedData),
    summary: deal.notes ?? '',
  });
  if (result.companyExternalId && result.companyExternalId !== company.externalId)
    await updateCompanyExternalId(em, company, provider.name, result.companyExternalId);
  await updateDealProviderSynced(em, deal);
  deps.logger.info({ emailId: deal.emailId, dealId: deal.id }, 'corrected deal sent to the CRM provider');
  return 'synced';
}

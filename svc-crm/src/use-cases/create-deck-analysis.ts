import type { ServiceContext } from '@dealflow/service-kit';
import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { ZAnalysis } from '@dealflow/contracts';
import { CrmError, CrmMessages } from '../errors.js';
import { OFFLINE_ANALYSIS_MODEL, createOfflineAnalysis } from '../domain/offline-analysis.js';
import type { DeckAnalysis } from '../entities/index.js';
import { AnalysisProviderError, type TAnalysisClient } from '../providers/analysis-client.js';
import { findDeck } from '../repositories/deck.repository.js';
import { findOrganizationPlan } from '../repositories/organization.repository.js';
import { findDeckAnalysis, saveDeckAnalysis } from '../repositories/analysis.repository.js';

type TAnalysis = z.infer<typeof ZAnalysis>;

/** A subscription that currently grants Pro features. */
export function isProPlanActive(plan: { plan: string; status: string } | null): boolean {
  return plan?.plan === 'pro' && (plan.status === 'active' || plan.status === 'trialing');
}

const present = (analysis: DeckAnalysis): TAnalysis => ({
  emailId: analysis.emailId,
  strengths: analysis.strengths,
  risks: analysis.risks,
  openQuestions: analysis.openQuestions,
  marketNotes: analysis.marketNotes,
  model: analysis.model,
  createdAt: analysis.createdAt.toISOString(),
});

/**
 * AI analysis of a record: Pro plan and completed records only (checked here, not only in the UI).
 * The answer is kept, so opening it again makes no second model call. Without an AI endpoint the offline
 * analysis is made from the deck's outline and extracted data instead; it is not kept, so configuring an
 * endpoint later gives the model's analysis.
 */
export async function createDeckAnalysis(
  em: EntityManager,
  input: { orgId: number; emailId: number },
  deps: { analysisClient: TAnalysisClient | null; logger: Pick<ServiceContext['logger'], 'warn'> },
): Promise<TAnalysis> {
  const deck = await findDeck(em, input.orgId, input.emailId);
  if (!deck) throw new CrmError('RECORD_NOT_FOUND');
  if (!isProPlanActive(await findOrganizationPlan(em, input.orgId))) {
    throw new CrmError('PLAN_REQUIRED', CrmMessages.analysisPlanRequired);
  }
  if (deck.outcome !== 'deal_created') {
    throw new CrmError('RECORD_NOT_COMPLETED');
  }
  const cached = await findDeckAnalysis(em, input.orgId, input.emailId);
  if (cached) return present(cached);
  if (!deps.analysisClient) {
    const { strengths, risks, openQuestions, marketNotes, ...offline } = createOfflineAnalysis({
      extractedData: deck.extractedData,
      outline: deck.outline,
      fromEmail: deck.fromEmail,
    });
    return {
      emailId: deck.emailId,
      strengths,
      risks,
      openQuestions,
      marketNotes,
      model: OFFLINE_ANALYSIS_MODEL,
      createdAt: new Date().toISOString(),
      offline,
    };
  }

  let result;
  try {
    result = await deps.analysisClient.analyzeDeck(deck);
  } catch (error) {
    if (error instanceof AnalysisProviderError) {
      // Our own messages (wrong shape, not JSON) are shown; the endpoint's text only reaches the log.
      if (error.fromEndpoint) {
        deps.logger.warn({ err: error, emailId: input.emailId }, 'AI analysis endpoint failed');
        throw new CrmError('ANALYSIS_FAILED');
      }
      throw new CrmError('ANALYSIS_FAILED', error.message);
    }
    throw error;
  }
  const saved = await saveDeckAnalysis(em, {
    emailId: deck.emailId,
    orgId: deck.orgId,
    ...result,
    model: deps.analysisClient.model,
  });
  return present(saved);
}

import type { ServiceContext } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createAnalysisClient, type TAnalysisClient } from './providers/analysis-client.js';
import { createCrmProvider, type CrmProvider } from './providers/crm-provider.js';

/** What crm's routes and consumers are given: built once, after the ORM, the same for both. */
export interface TCrmDeps {
  /** Where deals are made: the built-in CRM, or Affinity when AFFINITY_API_KEY is set. */
  provider: CrmProvider;
  /** null without OPENAI_BASE_URL: the analysis answers 503 saying what to configure. */
  analysisClient: TAnalysisClient | null;
  /** The app's origin, for the built-in deal link. */
  publicUrl: string;
  logger: ServiceContext['logger'];
}

export interface TCrmOverrides {
  /** Tests may pass their own provider; by default AFFINITY_API_KEY decides. */
  provider?: CrmProvider;
}

export function createDeps(
  ctx: ServiceContext<TConfig>,
  config: TConfig,
  overrides: TCrmOverrides = {},
): TCrmDeps {
  const { baseUrl, apiKey, model } = config.openai;
  const deps: TCrmDeps = {
    provider: overrides.provider ?? createCrmProvider(config.affinity),
    analysisClient: baseUrl ? createAnalysisClient({ baseUrl, apiKey: apiKey ?? 'not-needed', model }) : null,
    publicUrl: config.PUBLIC_URL,
    logger: ctx.logger,
  };
  ctx.logger.info(
    { crm: deps.provider.name, analysis: deps.analysisClient ? 'configured' : 'not configured' },
    'crm providers',
  );
  return deps;
}

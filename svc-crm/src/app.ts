import type { EntitySchema } from '@mikro-orm/core';
import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { entities } from './entities/index.js';
import { Migration20261121000000 } from './migrations/Migration20261121000000.js';
import { createConsumers } from './events/consumers.js';
import { createCrmProvider, type CrmProvider } from './providers/crm-provider.js';
import { createAnalysisClient, type TAnalysisClient } from './providers/analysis-client.js';
import { registerDealRoutes } from './routes/deals.js';
import { registerAnalysisRoutes } from './routes/analysis.js';

export interface BuildOptions {
  /** Tests may pass their own provider; by default AFFINITY_API_KEY decides. */
  provider?: CrmProvider;
}

export async function buildApp(config: TConfig, options: BuildOptions = {}) {
  const provider = options.provider ?? createCrmProvider(config);
  const analysisClient: TAnalysisClient | null = config.OPENAI_BASE_URL
    ? createAnalysisClient({
        baseUrl: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY ?? 'not-needed',
        model: config.OPENAI_MODEL,
      })
    : null;
  return createService({
    name: 'crm',
    config,
    entities: entities as unknown as EntitySchema[],
    migrations: [{ name: 'Migration20261121000000', class: Migration20261121000000 }],
    consumers: createConsumers({ provider, publicUrl: config.PUBLIC_URL }),
    routes: async (app, ctx) => {
      ctx.logger.info(
        { crm: provider.name, analysis: analysisClient ? 'configured' : 'not configured' },
        'crm providers',
      );
      registerDealRoutes(app);
      registerAnalysisRoutes(app, { analysisClient });
    },
  });
}

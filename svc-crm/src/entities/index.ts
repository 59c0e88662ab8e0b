import type { EntitySchema } from '@mikro-orm/core';
export * from './company.js';
export * from './deal.js';
export * from './deck.js';
export * from './deck-analysis.js';
export * from './organization-plan.js';
export * from './ingest-integrations.js';
export * from './affinity-connection.js';

import { CompanySchema } from './company.js';
import { DealSchema } from './deal.js';
import { DeckSchema } from './deck.js';
import { DeckAnalysisSchema } from './deck-analysis.js';
import { OrganizationPlanSchema } from './organization-plan.js';
import { IngestIntegrationsSchema } from './ingest-integrations.js';
import { AffinityConnectionSchema } from './affinity-connection.js';

export const crmEntities = [
  CompanySchema,
  DealSchema,
  DeckSchema,
  DeckAnalysisSchema,
  OrganizationPlanSchema,
  IngestIntegrationsSchema,
  AffinityConnectionSchema,
] as EntitySchema[];

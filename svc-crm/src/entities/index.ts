import type { EntitySchema } from '@mikro-orm/core';
export * from './company.js';
export * from './deal.js';
export * from './deck.js';
export * from './deck-analysis.js';
export * from './organization-plan.js';
export * from './ingest-integrations.js';
export * from './affinity-connection.js';
export * from './pipeline.js';
export * from './deal-event.js';
export * from './deal-rating.js';
export * from './member.js';
export * from './webhook.js';
export * from './founder-reply.js';

import { CompanySchema } from './company.js';
import { DealSchema } from './deal.js';
import { DeckSchema } from './deck.js';
import { DeckAnalysisSchema } from './deck-analysis.js';
import { OrganizationPlanSchema } from './organization-plan.js';
import { IngestIntegrationsSchema } from './ingest-integrations.js';
import { AffinityConnectionSchema } from './affinity-connection.js';
import { PipelineSchema } from './pipeline.js';
import { DealEventSchema } from './deal-event.js';
import { DealRatingSchema } from './deal-rating.js';
import { MemberSchema } from './member.js';
import { WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.js';
import { FounderReplySchema, ReplySettingsSchema } from './founder-reply.js';

export const crmEntities = [
  CompanySchema,
  DealSchema,
  DeckSchema,
  DeckAnalysisSchema,
  OrganizationPlanSchema,
  IngestIntegrationsSchema,
  AffinityConnectionSchema,
  PipelineSchema,
  DealEventSchema,
  DealRatingSchema,
  MemberSchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  ReplySettingsSchema,
  FounderReplySchema,
] as EntitySchema[];

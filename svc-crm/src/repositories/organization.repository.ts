import type { EntityManager } from '@mikro-orm/core';
import type { TIntegrationKind, TPlan, TSubscriptionStatus } from '@dealflow/contracts';
import {
  AffinityConnectionSchema,
  CompanySchema,
  DealEventSchema,
  DealRatingSchema,
  DealSchema,
  DeckAnalysisSchema,
  DeckSchema,
  IngestIntegrationsSchema,
  MemberSchema,
  PipelineSchema,
  OrganizationPlanSchema,
  type OrganizationPlan,
} from '../entities/index.js';

export async function saveOrganizationPlan(
  em: EntityManager,
  orgId: number,
  plan: TPlan,
  status: TSubscriptionStatus,
): Promise<void> {
  await em.upsert(OrganizationPlanSchema, { orgId, plan, status, updatedAt: new Date() });
}

export function findOrganizationPlan(em: EntityManager, orgId: number): Promise<OrganizationPlan | null> {
  return em.findOne(OrganizationPlanSchema, { orgId });
}

/** Everything crm holds about an organization (identity.organization.deleted). */
export async function deleteOrganizationData(em: EntityManager, orgId: number): Promise<void> {
  await em.nativeDelete(DeckAnalysisSchema, { orgId });
  await em.nativeDelete(DealEventSchema, { orgId });
  await em.nativeDelete(DealRatingSchema, { orgId });
  await em.nativeDelete(DealSchema, { orgId });
  await em.nativeDelete(CompanySchema, { orgId });
  await em.nativeDelete(DeckSchema, { orgId });
  await em.nativeDelete(AffinityConnectionSchema, { orgId });
  await em.nativeDelete(OrganizationPlanSchema, { orgId });
  await em.nativeDelete(IngestIntegrationsSchema, { orgId });
  await em.nativeDelete(PipelineSchema, { orgId });
  await em.nativeDelete(MemberSchema, { orgId });
}

/** svc-ingest's connected integrations, as its latest ingest.integrations.changed said. */
export async function saveIngestIntegrations(
  em: EntityManager,
  orgId: number,
  connected: TIntegrationKind[],
): Promise<void> {
  await em.upsert(IngestIntegrationsSchema, { orgId, connected, updatedAt: new Date() });
}

export async function findIngestIntegrations(em: EntityManager, orgId: number): Promise<TIntegrationKind[]> {
  return (await em.findOne(IngestIntegrationsSchema, { orgId }))?.connected ?? [];
}

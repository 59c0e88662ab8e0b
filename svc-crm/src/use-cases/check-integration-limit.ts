import type { EntityManager } from '@mikro-orm/core';
import { integrationLimitOf } from '@dealflow/contracts/plans';
import { CrmError } from '../errors.js';
import { findIngestIntegrations, findOrganizationPlan } from '../repositories/organization.repository.js';

/**
 * Basic's "two integrations", checked when an organization connects its CRM (Affinity) and it was not connected
 * before: refused when svc-ingest already has as many connected (mailbox, accounting; known from
 * ingest.integrations.changed) as the plan allows. The connect use-case calls it first, and after saving calls
 * `publishIntegrationsChanged(em, orgId, ['crm'])` (`[]` on disconnect) from `repositories/crm.events.ts`.
 */
export async function checkIntegrationLimit(em: EntityManager, orgId: number): Promise<void> {
  const plan = await findOrganizationPlan(em, orgId);
  const limit = integrationLimitOf(plan?.plan, plan?.status);
  if (limit === null) return;
  const elsewhere = await findIngestIntegrations(em, orgId);
  if (elsewhere.filter((kind) => kind !== 'crm').length >= limit)
    throw new CrmError('INTEGRATION_LIMIT_REACHED');
}

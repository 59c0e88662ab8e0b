import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { setCrmIntegrations, upsertOrganization } from '../repositories/organization.repository.js';

/** crm.integrations.changed: svc-crm's connected integrations, counted against the plan's integration limit. */
export const recordCrmIntegrations = (deps: Pick<TIngestDeps, 'secretBox'>) =>
  defineConsumer(Topics.crmIntegrationsChanged, async ({ data }, { em }) => {
    await upsertOrganization(em, { id: data.orgId }, deps.secretBox);
    await setCrmIntegrations(em, data.orgId, data.connected);
  });

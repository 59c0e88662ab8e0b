import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { setCrmIntegrations, upsertOrganization } from '../repositories/organization.repository.js';

/** crm.integrations.changed: svc-crm's connected integrations, counted against the plan's integration limit. */
export const recordCrmIntegrations = defineConsumer(
  Topics.crmIntegrationsChanged,
  async ({ data }, { em }) => {
    await upsertOrganization(em, { id: data.orgId });
    await setCrmIntegrations(em, data.orgId, data.connected);
  },
);

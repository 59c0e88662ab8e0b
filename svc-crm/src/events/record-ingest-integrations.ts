import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { saveIngestIntegrations } from '../repositories/organization.repository.js';

/** ingest.integrations.changed -> svc-ingest's connected integrations, counted before a CRM connection. */
export const recordIngestIntegrationsConsumer = () =>
  defineConsumer(Topics.ingestIntegrationsChanged, async ({ data }, { em }) => {
    await saveIngestIntegrations(em, data.orgId, data.connected);
  });

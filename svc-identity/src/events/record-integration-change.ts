import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { recordIntegrationChange } from '../use-cases/record-integration-change.js';

/** ingest.integration.changed -> an entry in the organization's activity log. */
export const recordIntegrationChangeConsumer = defineConsumer(
  Topics.integrationChanged,
  async (event, { em, logger }) => {
    await recordIntegrationChange(em, event, { logger });
  },
);

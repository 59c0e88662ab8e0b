import { EntitySchema } from '@mikro-orm/core';
import type { TIntegrationKind } from '@dealflow/contracts';
import { updatedAtColumn } from '@dealflow/service-kit';

/**
 * The integrations connected in svc-ingest (mailbox, accounting), from ingest.integrations.changed: counted
 * with crm's own CRM connection against the plan's integration limit.
 */
export class IngestIntegrations {
  orgId!: number;
  connected!: TIntegrationKind[];
  updatedAt!: Date;
}

export const IngestIntegrationsSchema = new EntitySchema<IngestIntegrations>({
  class: IngestIntegrations,
  tableName: 'crm_ingest_integrations',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    connected: { type: 'json', defaultRaw: `'[]'` },
    updatedAt: updatedAtColumn,
  },
});

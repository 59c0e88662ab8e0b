import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '@dealflow/service-kit';

/**
 * An organization's own Affinity account (issue 13: no account shared by tenants). The API key is sealed with
 * CRM_ENCRYPTION_KEY, the organization bound as associated data (a key copied to another row does not open).
 */
export class AffinityConnection {
  orgId!: number;
  apiKeySealed!: string;
  /** The last four characters of the key, to show which key is stored. */
  apiKeyHint!: string;
  /** The Affinity list (of type opportunity) new deals are added to. */
  listId!: number;
  /** Where people open an opportunity: `<webUrl>/opportunities/<id>` (the tenant's subdomain). */
  webUrl!: string;
  connectedBy!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

export const AffinityConnectionSchema = new EntitySchema<AffinityConnection>({
  class: AffinityConnection,
  tableName: 'crm_affinity_connections',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false, fieldName: 'org_id' },
    apiKeySealed: { type: 'text', fieldName: 'api_key_sealed' },
    apiKeyHint: { type: 'string', length: 8, fieldName: 'api_key_hint' },
    listId: { type: 'integer', fieldName: 'list_id' },
    webUrl: { type: 'text', fieldName: 'web_url' },
    connectedBy: { type: 'integer', fieldName: 'connected_by' },
    createdAt: createdAtColumn,
    updatedAt: updatedAtColumn,
  },
});

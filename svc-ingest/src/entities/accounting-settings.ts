import { EntitySchema } from '@mikro-orm/core';
import { belongsTo } from './columns.js';

/** Integration 2 (accounting connection) settings; the client secret is encrypted at rest. */
export interface AccountingSettings {
  orgId: number;
  connected: boolean;
  clientId: string | null;
  clientSecretEnc: string | null;
  environment: 'sandbox' | 'production';
  advancedFeatures: boolean;
  dataFormat: 'json' | 'xml' | 'csv';
  syncFrequency: 'hourly' | 'daily' | 'weekly' | 'monthly';
  encryption: boolean;
  autoSync: boolean;
  lastSyncAt: Date | null;
  /** The Xero organisation the custom connection reaches (from GET /connections). */
  tenantName: string | null;
}

export const AccountingSettingsSchema = new EntitySchema<AccountingSettings>({
  name: 'AccountingSettings',
  tableName: 'accounting_settings',
  properties: {
    orgId: { ...belongsTo('accounting_settings', 'Organization', 'org_id'), primary: true },
    connected: { type: 'boolean', default: false },
    clientId: { type: 'text', fieldName: 'client_id', nullable: true },
    clientSecretEnc: { type: 'text', fieldName: 'client_secret_enc', nullable: true },
    environment: { type: 'text', default: 'sandbox' },
    advancedFeatures: { type: 'boolean', fieldName: 'advanced_features', default: false },
    dataFormat: { type: 'text', fieldName: 'data_format', default: 'json' },
    syncFrequency: { type: 'text', fieldName: 'sync_frequency', default: 'daily' },
    encryption: { type: 'boolean', default: true },
    autoSync: { type: 'boolean', fieldName: 'auto_sync', default: true },
    lastSyncAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'last_sync_at', nullable: true },
    tenantName: { type: 'text', fieldName: 'tenant_name', nullable: true },
  },
});

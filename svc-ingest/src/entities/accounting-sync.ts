import { EntitySchema } from '@mikro-orm/core';
import { belongsTo } from './columns.js';

/** One run of Integration 2's sync: the sync log shown on the page. */
export interface AccountingSyncRun {
  id: number;
  orgId: number;
  trigger: 'manual' | 'scheduled';
  status: 'running' | 'succeeded' | 'partial' | 'failed';
  created: number;
  updated: number;
  failed: number;
  /** What went wrong, in words a person can act on (never a token, header or raw body). */
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  /** The format of the sync export (the settings' data format when the run started); null: nothing was sent. */
  exportFormat: 'json' | 'xml' | 'csv' | null;
  /** The export is sealed with the organization's key (the Encryption switch was on). */
  exportSealed: boolean;
  /** What was pushed to Xero and Xero's answer per contact (TSyncExport as JSON), sealed or plain; lazy. */
  exportPayload: string | null;
}

export const AccountingSyncRunSchema = new EntitySchema<AccountingSyncRun>({
  name: 'AccountingSyncRun',
  tableName: 'accounting_sync_runs',
  indexes: [
    { properties: ['orgId', 'startedAt'] },
    {
      // One running sync per organization, whoever starts it (Start Sync, the schedule, another replica).
      name: 'accounting_sync_runs_one_running',
      expression:
        "CREATE UNIQUE INDEX accounting_sync_runs_one_running ON accounting_sync_runs (org_id) WHERE status = 'running'",
    },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: belongsTo('accounting_sync_runs', 'Organization', 'org_id'),
    trigger: { type: 'text' },
    status: { type: 'text' },
    created: { type: 'integer', default: 0 },
    updated: { type: 'integer', default: 0 },
    failed: { type: 'integer', default: 0 },
    error: { type: 'text', nullable: true },
    startedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'started_at' },
    finishedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'finished_at', nullable: true },
    exportFormat: { type: 'text', fieldName: 'export_format', nullable: true },
    exportSealed: { type: 'boolean', fieldName: 'export_sealed', default: false },
    exportPayload: { type: 'text', fieldName: 'export_payload', nullable: true, lazy: true },
  },
});

/** The Xero ContactID a company was pushed as, so the next sync updates it instead of adding one. */
export interface AccountingContact {
  orgId: number;
  /** The company's name, trimmed and lower-cased. */
  companyKey: string;
  contactId: string;
  syncedAt: Date;
}

export const AccountingContactSchema = new EntitySchema<AccountingContact>({
  name: 'AccountingContact',
  tableName: 'accounting_contacts',
  properties: {
    orgId: { ...belongsTo('accounting_contacts', 'Organization', 'org_id'), primary: true },
    companyKey: { type: 'text', fieldName: 'company_key', primary: true },
    contactId: { type: 'text', fieldName: 'contact_id' },
    syncedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'synced_at' },
  },
});

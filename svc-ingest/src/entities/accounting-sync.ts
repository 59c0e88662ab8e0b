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
}

export const AccountingSyncRunSchema = new EntitySchema<AccountingSyncRun>({
  name: 'AccountingSyncRun',
  tableName: 'accounting_sync_runs',
  indexes: [{ properties: ['orgId', 'startedAt'] }],
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

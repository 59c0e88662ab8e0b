import { EntitySchema } from '@mikro-orm/core';
import { Company, type TCrmProvider } from './company.js';
import { createdAtColumn, timestampColumn, updatedAtColumn } from '@dealflow/service-kit';

/** One deal per company and deck (the email id is unique per organization). */
export class Deal {
  id!: number;
  orgId!: number;
  companyId!: number;
  emailId!: number;
  provider!: TCrmProvider;
  /** Affinity opportunity id when the provider is Affinity. */
  externalId!: string | null;
  stage!: string;
  url!: string;
  notes!: string | null;
  /** When the latest correction of its record (ingest.record.corrected's correctedAt) was applied here. */
  correctedAt!: Date | null;
  /** A correction applied here that the provider (Affinity) has not accepted yet. */
  providerSyncPending!: boolean;
  /** The member who owns the deal (identity's user id). */
  ownerId!: number | null;
  nextStep!: string | null;
  /** YYYY-MM-DD. */
  nextStepDate!: string | null;
  passReason!: string | null;
  /** From the record's extraction, editable. */
  amount!: string | null;
  round!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export const DealSchema = new EntitySchema<Deal>({
  class: Deal,
  tableName: 'crm_deal',
  uniques: [{ properties: ['orgId', 'emailId'], name: 'crm_deal_org_id_email_id_unique' }],
  indexes: [{ properties: ['orgId', 'stage'], name: 'crm_deal_org_id_stage_index' }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    // The foreign key only (mapToPk): deals are read with their company id, the company when presented.
    // Constraint and index names are PostgreSQL's, as the first (hand-written) migration created them.
    companyId: {
      kind: 'm:1',
      entity: () => Company,
      mapToPk: true,
      fieldName: 'company_id',
      foreignKeyName: 'crm_deal_company_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
      index: 'crm_deal_company_id_index',
    },
    emailId: { type: 'integer' },
    provider: { type: 'string', length: 16 },
    externalId: { type: 'string', length: 64, nullable: true },
    stage: { type: 'string', length: 64 },
    url: { type: 'text' },
    notes: { type: 'text', nullable: true },
    correctedAt: timestampColumn,
    providerSyncPending: { type: 'boolean', default: false },
    ownerId: { type: 'integer', nullable: true },
    nextStep: { type: 'string', length: 200, nullable: true },
    nextStepDate: { type: 'string', length: 10, nullable: true },
    passReason: { type: 'string', length: 100, nullable: true },
    amount: { type: 'string', length: 64, nullable: true },
    round: { type: 'string', length: 64, nullable: true },
    createdAt: createdAtColumn,
    updatedAt: updatedAtColumn,
  },
});

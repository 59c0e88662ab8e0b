import { EntitySchema } from '@mikro-orm/core';
import type { TCrmProvider } from './company.js';

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
  createdAt!: Date;
}

export const DealSchema = new EntitySchema<Deal>({
  class: Deal,
  tableName: 'crm_deal',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    orgId: { type: 'number' },
    companyId: { type: 'number' },
    emailId: { type: 'number' },
    provider: { type: 'string' },
    externalId: { type: 'string', nullable: true },
    stage: { type: 'string' },
    url: { type: 'string' },
    notes: { type: 'text', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

import { EntitySchema } from '@mikro-orm/core';

export type TCrmProvider = 'builtin' | 'affinity';

/** One company per organization and domain (unique index), in the built-in CRM or mirrored from Affinity. */
export class Company {
  id!: number;
  orgId!: number;
  domain!: string;
  name!: string;
  provider!: TCrmProvider;
  /** Affinity organization id when the provider is Affinity. */
  externalId!: string | null;
  createdAt!: Date;
}

export const CompanySchema = new EntitySchema<Company>({
  class: Company,
  tableName: 'crm_company',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    orgId: { type: 'number' },
    domain: { type: 'string' },
    name: { type: 'string' },
    provider: { type: 'string' },
    externalId: { type: 'string', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

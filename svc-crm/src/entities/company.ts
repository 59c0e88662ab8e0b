import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';

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
  uniques: [{ properties: ['orgId', 'domain'], name: 'crm_company_org_id_domain_unique' }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    /** A host name is at most 253 characters (RFC 1035). */
    domain: { type: 'string', length: 253 },
    name: { type: 'string', length: 255 },
    provider: { type: 'string', length: 16 },
    externalId: { type: 'string', length: 64, nullable: true },
    createdAt: createdAtColumn,
  },
});

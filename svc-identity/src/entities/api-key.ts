import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn, foreignKey } from '@dealflow/service-kit';
import type { TApiKeyScope } from '@dealflow/contracts';

/**
 * An organization's API key (Pro). The key itself (`dfk_live_<publicId>_<secret>`) is shown once; only
 * the SHA-256 of the whole key is kept. `publicId` finds the row, the hash is then compared in constant time.
 */
export interface IApiKey {
  id: number;
  /** 12 characters [a-z0-9], also inside the key: the id people and the rate limit see. */
  publicId: string;
  organizationId: number;
  name: string;
  scope: TApiKeyScope;
  /** sha256 of the whole key (hex). */
  secretHash: string;
  createdById: number | null;
  createdAt: Date;
  /** Written at most once a minute (use-cases/record-api-key-use.ts). */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /**
   * The addresses the key has been used from (issue 20): the first is its first use, each later one a use
   * from a new address, both in the organization's activity log. Appended only when an address is new
   * (use-cases/record-api-key-use.ts), at most API_KEY_ADDRESSES_KEPT of them.
   */
  seenIps: string[];
}

export const ApiKeySchema = new EntitySchema<IApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    publicId: { type: 'string', columnType: 'varchar(12)', unique: true },
    organizationId: foreignKey('Organization', 'api_keys', 'organization_id', 'cascade', {
      index: 'api_keys_organization_id_index',
    }),
    name: { type: 'string', length: 60 },
    // Checked by the contract (ZApiKeyScope); not an enum column: MikroORM 6's generator writes those as text.
    scope: { type: 'string', columnType: 'varchar(8)' },
    secretHash: { type: 'string', columnType: 'char(64)' },
    createdById: foreignKey('User', 'api_keys', 'created_by_id', 'set null'),
    createdAt: createdAtColumn,
    lastUsedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    seenIps: { type: 'string[]', columnType: 'text[]', defaultRaw: `'{}'` },
  },
});

import type { EntityManager } from '@mikro-orm/core';
import type { TApiKeyScope } from '@dealflow/contracts';
import { touchApiKey } from '../repositories/api-key.queries.js';

export interface TApiKeyUse {
  keyId: number;
  publicId: string;
  organizationId: number;
  name: string;
  scope: TApiKeyScope;
}

/**
 * THE hook for API-key activity: every accepted use of a key (introspection, so at most once per gateway
 * cache period and always for writes) passes here. It keeps `last_used_at`, written at most once a minute
 * per key. The organization's activity log should record key use here, under the same once-a-minute
 * rule (`written` is true exactly when a new minute's use is recorded), and key creation and revocation
 * in create-api-key.ts and revoke-api-key.ts; nothing is published for it yet.
 */
export async function recordApiKeyUse(em: EntityManager, use: TApiKeyUse): Promise<{ written: boolean }> {
  const written = await touchApiKey(em, use.keyId);
  return { written };
}

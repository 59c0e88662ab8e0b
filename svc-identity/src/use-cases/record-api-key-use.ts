import type { EntityManager } from '@mikro-orm/core';
import { API_KEY_PREFIX, type TApiKeyScope } from '@dealflow/contracts';
import { rememberApiKeyAddress, touchApiKey } from '../repositories/api-key.queries.js';
import { logActivity } from '../repositories/activity-log.repository.js';

export interface TApiKeyUse {
  keyId: number;
  publicId: string;
  organizationId: number;
  name: string;
  scope: TApiKeyScope;
  /** The client's address as the gateway saw it (absent: not recorded). */
  ip?: string | undefined;
}

/** The (key, address) pairs this process knows are recorded: a known pair costs no database statement. */
const SEEN_LIMIT = 10_000;
const seen = new Set<string>();
const markSeen = (pair: string) => {
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.add(pair);
};

/** What the activity log shows of a key: its name and public prefix, never the secret. */
export const apiKeyTarget = (key: { publicId: string; name: string }) => ({
  type: 'api_key',
  id: key.publicId,
  label: `${key.name} (${API_KEY_PREFIX}${key.publicId}_…)`,
});

/**
 * THE hook for API-key activity: every accepted use of a key (introspection, so at most once per gateway
 * cache period and always for writes) passes here. It keeps `last_used_at`, written at most once a minute
 * per key, and the set of addresses the key was used from (issue 20): the first address is the key's first
 * use, each new one a use from a new address, and only those reach the organization's activity log. A known
 * address writes nothing, and once this process has seen it, costs no statement at all.
 */
export async function recordApiKeyUse(em: EntityManager, use: TApiKeyUse): Promise<{ written: boolean }> {
  const written = await touchApiKey(em, use.keyId);
  if (use.ip === undefined) return { written };
  const pair = `${use.keyId} ${use.ip}`;
  if (seen.has(pair)) return { written };
  const count = await rememberApiKeyAddress(em, use.keyId, use.ip);
  markSeen(pair);
  if (count === null) return { written };
  const fork = em.fork();
  const prefix = `${API_KEY_PREFIX}${use.publicId}`;
  logActivity(fork, {
    organizationId: use.organizationId,
    userId: null,
    actor: { name: `API key ${use.name}`, email: '' },
    activityType: count === 1 ? 'api_key_first_used' : 'api_key_new_address',
    description:
      count === 1
        ? `API key ${use.name} was used for the first time, from ${use.ip}`
        : `API key ${use.name} was used from a new address, ${use.ip}`,
    target: apiKeyTarget(use),
    metadata: { name: use.name, prefix, scope: use.scope },
    // The request is the gateway's introspection: the client's address is the one it passed.
    meta: { ip: use.ip, userAgent: null },
  });
  await fork.flush();
  return { written: true };
}

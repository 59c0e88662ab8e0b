import type { EntityManager } from '@mikro-orm/core';
import type { TAffinityConnection } from '@dealflow/contracts';
import type { TCrmDeps } from '../deps.js';
import { findAffinityConnection } from '../repositories/affinity-connection.repository.js';

/** The organization's Affinity connection as members see it: never the key, only its last characters. */
export async function getAffinityConnection(
  em: EntityManager,
  orgId: number,
  deps: Pick<TCrmDeps, 'secretBox'>,
): Promise<TAffinityConnection> {
  const connection = await findAffinityConnection(em, orgId);
  return {
    connected: connection !== null,
    available: deps.secretBox !== null,
    listId: connection?.listId ?? null,
    webUrl: connection?.webUrl ?? null,
    apiKeyHint: connection ? `…${connection.apiKeyHint}` : null,
  };
}

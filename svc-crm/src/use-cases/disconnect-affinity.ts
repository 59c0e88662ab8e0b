import type { EntityManager } from '@mikro-orm/core';
import type { TCrmDeps } from '../deps.js';
import {
  deleteAffinityConnection,
  findAffinityConnection,
} from '../repositories/affinity-connection.repository.js';
import { publishIntegrationsChanged } from '../repositories/crm.events.js';
import { getAffinityConnection } from './get-affinity-connection.js';

/** The owner disconnects Affinity: the sealed key is deleted; new deals go to the built-in CRM. */
export async function disconnectAffinity(
  em: EntityManager,
  orgId: number,
  deps: Pick<TCrmDeps, 'secretBox'>,
) {
  await em.transactional(async (tx) => {
    const wasConnected = (await findAffinityConnection(tx, orgId)) !== null;
    await deleteAffinityConnection(tx, orgId);
    // svc-ingest stops counting the CRM against the plan's integration limit.
    if (wasConnected) await publishIntegrationsChanged(tx, orgId, []);
  });
  return getAffinityConnection(em, orgId, deps);
}

import type { EntityManager } from '@mikro-orm/core';
import type { TConnectAffinityBody } from '@dealflow/contracts';
import type { TConfig } from '../config.js';
import type { TCrmDeps } from '../deps.js';
import { CrmError, CrmMessages } from '../errors.js';
import { AffinityApiError, createAffinityClient } from '../providers/affinity-client.js';
import { affinityKeyContext } from '../providers/crm-provider.js';
import {
  findAffinityConnection,
  saveAffinityConnection,
} from '../repositories/affinity-connection.repository.js';
import { publishIntegrationsChanged } from '../repositories/crm.events.js';
import { checkIntegrationLimit } from './check-integration-limit.js';
import { getAffinityConnection } from './get-affinity-connection.js';

/**
 * The owner connects the organization's own Affinity account: the key and the list are checked with Affinity
 * (GET /lists/{id}, a list of opportunities), then the key is sealed with the organization bound to it. From
 * the next deck on, the organization's deals are made in its account (crm-provider.ts forOrganization).
 */
export async function connectAffinity(
  em: EntityManager,
  input: { orgId: number; userId: number; body: TConnectAffinityBody },
  deps: Pick<TCrmDeps, 'secretBox'> & { affinity: TConfig['affinity'] },
) {
  const { secretBox } = deps;
  if (!secretBox) throw new CrmError('ENCRYPTION_NOT_CONFIGURED', CrmMessages.encryptionNotConfigured);
  // Basic's two integrations: a first connection counts against svc-ingest's (a reconnection does not).
  const wasConnected = (await findAffinityConnection(em, input.orgId)) !== null;
  if (!wasConnected) await checkIntegrationLimit(em, input.orgId);
  const apiKey = input.body.apiKey.trim();
  const client = createAffinityClient({
    apiKey,
    baseUrl: deps.affinity.baseUrl,
    maxRequestsPerMinute: deps.affinity.maxRequestsPerMinute,
    maxAttempts: 2,
    timeoutMs: 10_000,
  });
  try {
    const list = await client.findList(input.body.listId);
    if (list.type !== 8) throw new CrmError('AFFINITY_LIST_NOT_FOUND');
  } catch (error) {
    if (!(error instanceof AffinityApiError)) throw error;
    if (error.status === 401 || error.status === 403) throw new CrmError('AFFINITY_KEY_REFUSED');
    if (error.status === 404) throw new CrmError('AFFINITY_LIST_NOT_FOUND');
    throw new CrmError('AFFINITY_UNREACHABLE');
  }
  // The connection and its announcement commit together (the outbox row is in the same transaction).
  await em.transactional(async (tx) => {
    await saveAffinityConnection(tx, {
      orgId: input.orgId,
      apiKeySealed: secretBox.encrypt(apiKey, affinityKeyContext(input.orgId)),
      apiKeyHint: apiKey.slice(-4),
      listId: input.body.listId,
      webUrl: (input.body.webUrl ?? deps.affinity.webUrl).replace(/\/$/, ''),
      connectedBy: input.userId,
    });
    if (!wasConnected) await publishIntegrationsChanged(tx, input.orgId, ['crm']);
  });
  return getAffinityConnection(em, input.orgId, deps);
}

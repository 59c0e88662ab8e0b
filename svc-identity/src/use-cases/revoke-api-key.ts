import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { IdentityError } from '../errors.js';
import { API_KEY_PREFIX } from '@dealflow/contracts';
import { revokeApiKeyOf } from '../repositories/api-key.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { apiKeyTarget } from './record-api-key-use.js';

/**
 * Revokes a key of the owner's organization, whatever the plan (an organization that left Pro can still
 * clean up). Introspection refuses it from then on; the gateway drops its cached answers for the
 * organization when this write succeeds (gateway/src/plugins/session.ts), so it is refused at once.
 */
export async function revokeApiKey(em: EntityManager, actor: TActor & { orgId: number }, publicId: string) {
  await em.transactional(async (tx) => {
    const key = await revokeApiKeyOf(tx, actor.orgId, publicId);
    if (!key) throw new IdentityError('NOT_FOUND', 'API key not found');
    const user = await findUserById(tx, actor.userId);
    logActivity(tx, {
      organizationId: actor.orgId,
      userId: actor.userId,
      activityType: 'api_key_revoked',
      description: `${user?.name ?? 'Someone'} revoked the API key ${key.name}`,
      target: apiKeyTarget(key),
      metadata: { name: key.name, prefix: `${API_KEY_PREFIX}${key.publicId}`, scope: key.scope },
    });
  });
}

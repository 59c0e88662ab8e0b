import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { IdentityError } from '../errors.js';
import { revokeApiKeyOf } from '../repositories/api-key.repository.js';

/**
 * Revokes a key of the owner's organization, whatever the plan (an organization that left Pro can still
 * clean up). Introspection refuses it from then on; the gateway drops its cached answers for the
 * organization when this write succeeds (gateway/src/plugins/session.ts), so it is refused at once.
 */
export async function revokeApiKey(em: EntityManager, actor: TActor & { orgId: number }, publicId: string) {
  if (!(await revokeApiKeyOf(em, actor.orgId, publicId)))
    throw new IdentityError('NOT_FOUND', 'API key not found');
  // Activity log hook: "API key revoked" belongs here (see record-api-key-use.ts).
}

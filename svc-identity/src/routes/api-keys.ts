import type { TRouter } from '@dealflow/service-kit';
import { apiKeyRoutes as apiKeyContractRoutes, API_KEY_PREFIX, type TApiKey } from '@dealflow/contracts';
import type { TActor } from '../deps.js';
import type { TApiKeyWithCreator } from '../repositories/api-key.repository.js';
import { createApiKey } from '../use-cases/create-api-key.js';
import { listApiKeys } from '../use-cases/list-api-keys.js';
import { revokeApiKey } from '../use-cases/revoke-api-key.js';

/** Entity -> wire shape: never the hash; the secret travels only in the create answer. */
const toApiKeyDto = (key: TApiKeyWithCreator): TApiKey => ({
  id: key.publicId,
  name: key.name,
  prefix: `${API_KEY_PREFIX}${key.publicId}`,
  scope: key.scope,
  createdBy: key.createdById !== null ? { id: key.createdById, name: key.createdByName ?? '' } : null,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
});

/** The organization's API keys (Settings > Organization > API keys): owner only, Pro only. */
export function apiKeyRoutes({ route }: TRouter<TActor>): void {
  route(apiKeyContractRoutes.listApiKeys, async ({ actor, request }) => ({
    keys: (await listApiKeys(request.em, actor)).map(toApiKeyDto),
  }));

  route(apiKeyContractRoutes.createApiKey, async ({ actor, body, request, reply }) => {
    const { key, secret } = await createApiKey(request.em, actor, body);
    return reply.code(201).send({ key: toApiKeyDto(key), secret });
  });

  route(apiKeyContractRoutes.revokeApiKey, async ({ actor, params, request }) => {
    await revokeApiKey(request.em, actor, params.id);
    return { success: true as const };
  });
}

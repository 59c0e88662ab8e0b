import { LockMode, type EntityManager } from '@mikro-orm/core';
import { ApiKeySchema, type IApiKey } from '../entities/api-key.js';
import { UserSchema } from '../entities/user.js';

export type TApiKeyWithCreator = IApiKey & { createdByName: string | null };

export async function insertApiKey(
  em: EntityManager,
  input: Pick<IApiKey, 'publicId' | 'organizationId' | 'name' | 'scope' | 'secretHash' | 'createdById'>,
): Promise<IApiKey> {
  const key = em.create(ApiKeySchema, {
    ...input,
    lastUsedAt: null,
    revokedAt: null,
    seenIps: [] as string[],
  } as IApiKey);
  await em.flush();
  return key;
}

/** The organization's keys that still work, newest first, with their creator's name. */
export async function listLiveApiKeys(
  em: EntityManager,
  organizationId: number,
): Promise<TApiKeyWithCreator[]> {
  const keys = await em.find(
    ApiKeySchema,
    { organizationId, revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  const creatorIds = [...new Set(keys.map((k) => k.createdById).filter((id): id is number => id !== null))];
  const creators = creatorIds.length ? await em.find(UserSchema, { id: { $in: creatorIds } }) : [];
  const names = new Map(creators.map((u) => [u.id, u.name]));
  return keys.map((k) =>
    Object.assign(k, { createdByName: k.createdById ? (names.get(k.createdById) ?? null) : null }),
  );
}

/** Revokes one of the organization's keys (under a row lock); null when it has no live key by that id. */
export async function revokeApiKeyOf(
  em: EntityManager,
  organizationId: number,
  publicId: string,
): Promise<IApiKey | null> {
  const key = await em.findOne(
    ApiKeySchema,
    { organizationId, publicId, revokedAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!key) return null;
  key.revokedAt = new Date();
  return key;
}

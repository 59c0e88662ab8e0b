import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { requireRecentAuthentication, requireVerifiedSession } from '@dealflow/service-kit';
import { API_KEY_PREFIX, ApiKeyMessages, type TCreateApiKeyBody } from '@dealflow/contracts';
import type { TActor } from '../deps.js';
import { getOrganizationById } from '../repositories/organization.repository.js';
import { IdentityError } from '../errors.js';
import { insertApiKey } from '../repositories/api-key.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { hasApiAccess } from './api-key-plan.js';
import { apiKeyTarget } from './record-api-key-use.js';
import { logActivity } from '../repositories/activity-log.repository.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const createPublicId = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** SHA-256 (hex) of a whole key: a 256-bit random secret needs no slow hash. */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** `dfk_live_<publicId>_<secret>`: 12 [a-z0-9] then 43 base64url characters (256 bits). */
export const API_KEY_PATTERN = /^dfk_live_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** Creates a key for the owner's organization (Pro only). The secret is returned here and never again. */
export async function createApiKey(
  em: EntityManager,
  actor: TActor & { orgId: number },
  body: TCreateApiKeyBody,
) {
  requireVerifiedSession(actor);
  const organization = await getOrganizationById(em, actor.orgId);
  if (!hasApiAccess(organization)) throw new IdentityError('PLAN_REQUIRED', ApiKeyMessages.proRequired);
  // A key is a credential of its own: minted within 10 minutes of a password check or sign-in (issue 20).
  requireRecentAuthentication(actor);
  const publicId = createPublicId();
  const secret = `${API_KEY_PREFIX}${publicId}_${randomBytes(32).toString('base64url')}`;
  const key = await insertApiKey(em, {
    publicId,
    organizationId: actor.orgId,
    name: body.name,
    scope: body.scope,
    secretHash: hashApiKey(secret),
    createdById: actor.userId,
  });
  const creator = await findUserById(em, actor.userId);
  logActivity(em, {
    organizationId: actor.orgId,
    userId: actor.userId,
    activityType: 'api_key_created',
    description: `${creator?.name ?? 'Someone'} created the API key ${key.name}`,
    target: apiKeyTarget(key),
    metadata: { name: key.name, prefix: `${API_KEY_PREFIX}${key.publicId}`, scope: key.scope },
  });
  await em.flush();
  return { key: Object.assign(key, { createdByName: creator?.name ?? null }), secret };
}

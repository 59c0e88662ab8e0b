import type { EntityManager } from '@mikro-orm/core';
import { ApiKeyMessages } from '@dealflow/contracts';
import type { TActor } from '../deps.js';
import { IdentityError } from '../errors.js';
import { listLiveApiKeys } from '../repositories/api-key.repository.js';
import { getOrganizationById } from '../repositories/organization.repository.js';
import { hasApiAccess } from './api-key-plan.js';

/** The organization's live keys; a Basic or free organization hears the upgrade message instead. */
export async function listApiKeys(em: EntityManager, actor: TActor & { orgId: number }) {
  const organization = await getOrganizationById(em, actor.orgId);
  if (!hasApiAccess(organization)) throw new IdentityError('PLAN_REQUIRED', ApiKeyMessages.proRequired);
  return listLiveApiKeys(em, actor.orgId);
}

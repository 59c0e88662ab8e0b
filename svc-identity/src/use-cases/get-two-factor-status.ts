import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { countUnusedRecoveryCodes, findConfirmedCredential } from '../repositories/two-factor.repository.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { loadActorUser } from './guards.js';

/** The Settings section's state: on or off, recovery codes left, whether the organization requires it. */
export async function getTwoFactorStatus(em: EntityManager, actor: TActor) {
  const user = await loadActorUser(em, actor);
  const [credential, organization] = await Promise.all([
    findConfirmedCredential(em, user.id),
    user.organizationId ? findOrganizationById(em, user.organizationId) : null,
  ]);
  return {
    enabled: credential !== null,
    enabledAt: credential?.confirmedAt?.toISOString() ?? null,
    recoveryCodesRemaining: credential ? await countUnusedRecoveryCodes(em, user.id) : 0,
    requiredByOrganization: organization?.requireTwoFactor ?? false,
    hasPassword: user.passwordHash !== null,
  };
}

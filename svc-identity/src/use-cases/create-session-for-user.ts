import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps } from '../deps.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { createSession } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';

/**
 * Internal: billing signs the buyer in after it verified a paid checkout session (auto-login). `unverified`
 * (a guest checkout): the session is marked so until the emailed link is used in that browser (claim `uv`).
 */
export async function createSessionForUser(
  em: EntityManager,
  deps: TIdentityDeps,
  userId: number,
  options: { unverified?: boolean } = {},
) {
  return em.transactional(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new IdentityError('NOT_FOUND', 'User not found');
    const session = createSession(tx, user.id, deps.config.session.ttlDays, {
      userAgent: 'svc-billing auto-login',
      unverified: options.unverified ?? false,
    });
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'sign_in',
      description: `${user.name} signed in after checkout`,
      metadata: { method: 'checkout', ...(options.unverified ? { unverified: true } : {}) },
      // The request comes from svc-billing, not the buyer's browser: its address would mislead.
      meta: null,
    });
    const organization = user.organizationId ? await findOrganizationById(tx, user.organizationId) : null;
    return { user, organization, token: session.token };
  });
}

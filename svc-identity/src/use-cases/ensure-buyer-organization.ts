import type { EntityManager } from '@mikro-orm/core';
import type { TBuyerOrganizationBody, TBuyerOrganizationResponse } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import { findUserById } from '../repositories/user.repository.js';
import { lockOrganization } from '../repositories/organization.repository.js';
import { insertOrganization } from './create-organization.js';

const ORGANIZATION_NAME_MAX = 100;
/** A subscription in these states is over: the organization may start another. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The default name of a guest subscriber's organization: "<name>'s organization", the name being the one
 * given at checkout (or the address's local part). The owner renames it in Settings; asking for it before
 * the dashboard would put a form between a paid checkout and the product.
 */
export const defaultOrganizationName = (name: string) =>
  `${name.trim() || 'My'}'s organization`.slice(0, ORGANIZATION_NAME_MAX);

/**
 * Internal (billing, after a guest's subscription checkout has a buyer): the organization the subscription
 * may attach to. Only one the buyer OWNS: none yet -> a new one, owned by them, with them as its one member
 * (organization.created tells billing); an owned one without a subscription -> that one; anything else
 * (a member of another organization, or an organization already subscribed) -> 409. Idempotent: webhook
 * and auto-login may both ask.
 */
export async function ensureBuyerOrganization(
  em: EntityManager,
  input: TBuyerOrganizationBody,
): Promise<TBuyerOrganizationResponse> {
  return em.transactional(async (tx) => {
    const user = await findUserById(tx, input.userId);
    if (!user) throw new IdentityError('NOT_FOUND', 'This account no longer exists');
    if (user.organizationId !== null) {
      const organization = await lockOrganization(tx, user.organizationId);
      const isOwn = organization && organization.ownerId === user.id && user.role === 'owner';
      if (!organization || !isOwn) {
        throw new IdentityError(
          'CONFLICT',
          'This account belongs to another organization: only its owner can start its subscription',
        );
      }
      const isSubscribed =
        organization.subscriptionStatus !== null && !ENDED.has(organization.subscriptionStatus);
      if (isSubscribed) {
        throw new IdentityError('CONFLICT', 'This organization already has a subscription');
      }
      return { orgId: organization.id, name: organization.name, created: false };
    }
    const organization = await insertOrganization(tx, user, {
      name: defaultOrganizationName(user.name),
      plan: input.plan,
      billingCycle: input.billingCycle,
    });
    return { orgId: organization.id, name: organization.name, created: true };
  });
}

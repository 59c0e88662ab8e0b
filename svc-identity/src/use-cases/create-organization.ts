import type { EntityManager } from '@mikro-orm/core';
import type { TBillingCycle, TPaidPlan } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { OrganizationSchema, type IOrganization } from '../entities/organization.js';
import type { IUser } from '../entities/user.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { publishOrganizationCreated } from '../repositories/identity.events.js';
import { loadActorUser } from './guards.js';

export interface TCreateOrganizationInput {
  name: string;
  plan: TPaidPlan;
  billingCycle: TBillingCycle;
}

/** Inserts an organization owned by `user` (already in the transaction) and writes its created event. */
export async function insertOrganization(
  tx: EntityManager,
  user: IUser,
  input: TCreateOrganizationInput,
): Promise<IOrganization> {
  const organization = tx.create(OrganizationSchema, {
    name: input.name,
    ownerId: user.id,
    plan: 'free',
    chosenPlan: input.plan,
    chosenBillingCycle: input.billingCycle,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: null,
    subscriptionQuantity: 1,
    billingCycle: null,
    trialEndsAt: null,
    requireTwoFactor: false,
    membershipVersion: 1,
    createdAt: new Date(),
  });
  await tx.flush();
  user.organizationId = organization.id;
  user.role = 'owner';
  logActivity(tx, {
    userId: user.id,
    organizationId: organization.id,
    activityType: 'organization_created',
    target: { type: 'organization', id: organization.id, label: organization.name },
    description: `${user.name} created ${organization.name}`,
  });
  // plan/billingCycle here are the owner's choice on the setup screen; the subscription comes back from billing.
  publishOrganizationCreated(tx, user.id, {
    orgId: organization.id,
    name: organization.name,
    ownerId: user.id,
    ownerEmail: user.email,
    ownerName: user.name,
    plan: input.plan,
    billingCycle: input.billingCycle,
    memberCount: 1,
    membershipVersion: organization.membershipVersion,
  });
  return organization;
}

/**
 * Creates the signed-in user's organization with them as owner. Both creation paths of the seed
 * (POST /api/organizations and create-with-context) land here and act only for the session's user.
 * Repeating it before any subscription exists (the setup screen's retry and fallback) updates the
 * same organization instead of failing; a user who already belongs to another organization gets 409.
 */
export async function createOrganization(em: EntityManager, actor: TActor, input: TCreateOrganizationInput) {
  return em.transactional(async (tx) => {
    const user = await loadActorUser(tx, actor);
    if (user.organizationId !== null) {
      const existing = await findOrganizationById(tx, user.organizationId);
      const isUnsubscribedOwnOrganization =
        existing &&
        existing.ownerId === user.id &&
        user.role === 'owner' &&
        existing.subscriptionStatus === null &&
        existing.stripeSubscriptionId === null;
      if (!existing || !isUnsubscribedOwnOrganization) {
        throw new IdentityError('CONFLICT', 'You already belong to an organization');
      }
      existing.name = input.name;
      existing.chosenPlan = input.plan;
      existing.chosenBillingCycle = input.billingCycle;
      return { user, organization: existing };
    }
    const organization = await insertOrganization(tx, user, input);
    return { user, organization };
  });
}

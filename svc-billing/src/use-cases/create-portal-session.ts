import type { EntityManager } from '@mikro-orm/core';
import type { Identity } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { requireVerifiedBilling } from './require-verified-billing.js';

/** The provider's portal for the owner's organization: a verified address in a verified session (issue 20). */
export async function createPortalSession(
  em: EntityManager,
  actor: Identity & { orgId: number },
  deps: Pick<TBillingDeps, 'provider' | 'config'>,
): Promise<{ url: string }> {
  requireVerifiedBilling(actor);
  const org = await findOrganization(em, actor.orgId);
  if (!org?.stripeCustomerId) {
    throw new BillingError('NO_CUSTOMER');
  }
  return deps.provider.createPortalSession(org.stripeCustomerId, `${deps.config.PUBLIC_URL}/billing`);
}

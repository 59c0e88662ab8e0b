import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { findOrganization } from '../repositories/organization.repository.js';

export async function createPortalSession(deps: TBillingDeps, orgId: number): Promise<{ url: string }> {
  const org = await findOrganization(deps.orm.em.fork(), orgId);
  if (!org?.stripeCustomerId) {
    throw new BillingError('NO_CUSTOMER');
  }
  return deps.provider.createPortalSession(org.stripeCustomerId, `${deps.config.PUBLIC_URL}/billing`);
}

import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { forgetOrganization } from '../use-cases/forget-organization.js';

/** identity.organization.deleted: cancel the subscription now, drop the read model and usage. */
export const organizationDeleted = (deps: TBillingDeps) =>
  defineConsumer(Topics.organizationDeleted, async (event, { em }) => {
    await forgetOrganization(em, deps, event.data.orgId);
  });

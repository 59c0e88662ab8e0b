import type { ConsumerDefinition } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { addMember } from './add-member.js';
import { applySubscription } from './apply-subscription.js';
import { createOrganizationConsumer } from './create-organization.js';
import { linkDeal } from './link-deal.js';
import { markDealRejected } from './mark-deal-rejected.js';
import { createProcessEmailConsumer } from './process-email.js';
import { recordCrmIntegrations } from './record-crm-integrations.js';
import { removeMember } from './remove-member.js';
import { removeOrganization } from './remove-organization.js';
import { removeUser } from './remove-user.js';

/** Every event svc-ingest consumes (each one's inbox key is its topic, as before). */
export const createConsumers = (deps: TIngestDeps): ConsumerDefinition[] =>
  [
    createProcessEmailConsumer(deps),
    linkDeal,
    markDealRejected,
    applySubscription(deps),
    createOrganizationConsumer(deps),
    addMember(deps),
    removeMember,
    removeOrganization,
    removeUser,
    recordCrmIntegrations(deps),
  ] as ConsumerDefinition[];

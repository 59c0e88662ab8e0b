import type { TCrmDeps } from '../deps.js';
import { applyRecordCorrectionConsumer } from './apply-record-correction.js';
import { createDealFromDeckConsumer } from './create-deal-from-deck.js';
import { deleteOrganizationDataConsumer } from './delete-organization-data.js';
import { recordIngestIntegrationsConsumer } from './record-ingest-integrations.js';
import { syncCorrectedDealConsumer } from './sync-corrected-deal.js';
import { updateOrganizationPlanConsumer } from './update-organization-plan.js';
import { addMemberConsumer, removeMemberConsumer } from './record-member.js';

/** crm's consumers; each runs in one transaction with its inbox row (a redelivered event changes nothing). */
export const createConsumers = (deps: TCrmDeps) => [
  createDealFromDeckConsumer(deps),
  // In this order: the correction is applied in crm, then (its own inbox and retries) sent to Affinity.
  applyRecordCorrectionConsumer(),
  syncCorrectedDealConsumer(deps),
  updateOrganizationPlanConsumer(),
  deleteOrganizationDataConsumer(),
  recordIngestIntegrationsConsumer(),
  addMemberConsumer(),
  removeMemberConsumer(),
];

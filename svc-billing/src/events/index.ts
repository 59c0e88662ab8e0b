import type { TBillingDeps } from '../deps.js';
import { deckProcessed } from './count-deck.js';
import { memberAdded } from './add-member.js';
import { memberRemoved } from './remove-member.js';
import { organizationCreated } from './record-organization.js';
import { organizationDeleted } from './forget-organization.js';
import { userDeleted } from './forget-user.js';

/** Billing's consumers. Each runs in one transaction with its inbox row (service-kit): applied once. */
export const createConsumers = (deps: TBillingDeps) => [
  organizationCreated(),
  organizationDeleted(deps),
  memberAdded(deps),
  memberRemoved(deps),
  userDeleted(),
  deckProcessed(),
];

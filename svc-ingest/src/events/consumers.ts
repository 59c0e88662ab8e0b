import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { applyDealCreated, applyDealRejected } from '../use-cases/apply-deal-outcome.js';
import {
  addMember,
  createOrganization,
  removeMember,
  removeOrganization,
  removeUser,
} from '../use-cases/apply-identity-events.js';
import { applySubscriptionChange } from '../use-cases/apply-subscription-change.js';
import type { MikroORM } from '@mikro-orm/core';
import { claimEmail, processEmail, type TProcessDeps } from '../use-cases/process-email.js';

/** `orm()` gives the service's ORM (set once it exists): the claim step commits on its own connection. */
export function createConsumers(deps: Omit<TProcessDeps, 'logger'> & { orm: () => MikroORM }) {
  return [
    defineConsumer(Topics.emailReceived, async (event, { em, logger }) => {
      const claim = await claimEmail(deps.orm().em.fork(), event.data.emailId);
      const outcome =
        claim === 'claimed' ? await processEmail(em, event.data.emailId, { ...deps, logger }) : claim;
      logger.debug({ emailId: event.data.emailId, outcome }, 'email processed');
    }),
    defineConsumer(Topics.dealCreated, (event, { em }) => applyDealCreated(em, event.data)),
    defineConsumer(Topics.dealRejected, (event, { em }) => applyDealRejected(em, event.data)),
    defineConsumer(Topics.subscriptionChanged, (event, { em }) => applySubscriptionChange(em, event.data)),
    defineConsumer(Topics.organizationCreated, (event, { em }) => createOrganization(em, event.data)),
    defineConsumer(Topics.memberAdded, (event, { em }) => addMember(em, event.data)),
    defineConsumer(Topics.memberRemoved, (event, { em }) => removeMember(em, event.data)),
    defineConsumer(Topics.organizationDeleted, (event, { em }) => removeOrganization(em, event.data.orgId)),
    defineConsumer(Topics.userDeleted, (event, { em }) => removeUser(em, event.data.userId)),
  ];
}

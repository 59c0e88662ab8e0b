import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { removeMember, upsertMember } from '../repositories/member-repository.js';
import { recordOrganizationCreated } from '../repositories/organization-repository.js';
import { forgetOrganization, forgetUser } from '../use-cases/forget-organization.js';
import { recordDeckProcessed } from '../use-cases/record-deck-processed.js';
import { syncSeats } from '../use-cases/sync-seats.js';

/** Billing's consumers. Each runs in one transaction with its inbox row (service-kit): applied once. */
export const createConsumers = (deps: () => TBillingDeps) => [
  defineConsumer(Topics.organizationCreated, async (event, { em }) => {
    const d = event.data;
    await recordOrganizationCreated(em, d);
    await upsertMember(em, {
      userId: d.ownerId,
      orgId: d.orgId,
      email: d.ownerEmail,
      name: d.ownerName,
      role: 'owner',
    });
  }),
  defineConsumer(Topics.organizationDeleted, async (event, { em }) => {
    await forgetOrganization(em, deps(), event.data.orgId);
  }),
  defineConsumer(Topics.memberAdded, async (event, { em, logger }) => {
    const d = event.data;
    await upsertMember(em, { userId: d.userId, orgId: d.orgId, email: d.email, name: d.name, role: d.role });
    await syncSeats(
      em,
      { ...deps(), logger },
      { orgId: d.orgId, memberCount: d.memberCount, eventId: event.id },
    );
  }),
  defineConsumer(Topics.memberRemoved, async (event, { em, logger }) => {
    const d = event.data;
    await removeMember(em, d.orgId, d.userId);
    await syncSeats(
      em,
      { ...deps(), logger },
      { orgId: d.orgId, memberCount: d.memberCount, eventId: event.id },
    );
  }),
  defineConsumer(Topics.userDeleted, async (event, { em }) => {
    await forgetUser(em, event.data.userId);
  }),
  defineConsumer(Topics.deckProcessed, async (event, { em }) => {
    await recordDeckProcessed(em, event.data);
  }),
];

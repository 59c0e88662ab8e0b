import type { EntityManager } from '@mikro-orm/core';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { upsertMember } from '../repositories/member.repository.js';
import type { TIngestDeps } from '../deps.js';
import { upsertOrganization } from '../repositories/organization.repository.js';

type TOrganizationCreated = TEventPayload<'identity.organization.created'>;

/** The organization gets its inbound address and webhook secret; the owner is a member. */
export async function createOrganization(
  em: EntityManager,
  data: Pick<TOrganizationCreated, 'orgId' | 'name' | 'ownerId' | 'ownerEmail' | 'ownerName'>,
  deps: Pick<TIngestDeps, 'secretBox'>,
) {
  await upsertOrganization(em, { id: data.orgId, name: data.name, ownerId: data.ownerId }, deps.secretBox);
  await upsertMember(em, {
    orgId: data.orgId,
    userId: data.ownerId,
    email: data.ownerEmail,
    name: data.ownerName,
    role: 'owner',
  });
}

/** identity.organization.created */
export const createOrganizationConsumer = (deps: Pick<TIngestDeps, 'secretBox'>) =>
  defineConsumer(Topics.organizationCreated, ({ data }, { em }) => createOrganization(em, data, deps));

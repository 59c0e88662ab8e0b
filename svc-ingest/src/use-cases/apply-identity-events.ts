import type { EntityManager } from '@mikro-orm/core';
import {
  deleteMember,
  deleteOrganization,
  deleteUserEverywhere,
  upsertMember,
  upsertOrganization,
} from '../repositories/organization-repository.js';

/** identity.organization.created: the organization gets its inbound address and webhook secret; the owner is a member. */
export async function createOrganization(
  em: EntityManager,
  data: { orgId: number; name: string; ownerId: number; ownerEmail: string; ownerName: string },
) {
  await upsertOrganization(em, { id: data.orgId, name: data.name, ownerId: data.ownerId });
  await upsertMember(em, {
    orgId: data.orgId,
    userId: data.ownerId,
    email: data.ownerEmail,
    name: data.ownerName,
    role: 'owner',
  });
}

export async function addMember(
  em: EntityManager,
  data: { orgId: number; userId: number; email: string; name: string; role: string },
) {
  await upsertOrganization(em, { id: data.orgId });
  await upsertMember(em, data);
}

export async function removeMember(em: EntityManager, data: { orgId: number; userId: number }) {
  await deleteMember(em, data.orgId, data.userId);
}

/** identity.organization.deleted: its records, attachments, mailbox and settings go with it (cascade). */
export async function removeOrganization(em: EntityManager, orgId: number) {
  await deleteOrganization(em, orgId);
}

export async function removeUser(em: EntityManager, userId: number) {
  await deleteUserEverywhere(em, userId);
}

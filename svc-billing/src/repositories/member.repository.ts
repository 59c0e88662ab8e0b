import type { EntityManager } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';
import { ForgottenUserSchema } from '../entities/forgotten-user.js';
import { MemberSchema } from '../entities/member.js';
import { lockPerson } from './member.queries.js';

/** The member's row as identity's event tells it; nothing for a person whose account was deleted. */
export async function upsertMember(
  em: EntityManager,
  member: { userId: number; orgId: number; email: string; name: string; role: TRole },
): Promise<void> {
  await lockPerson(em, member.userId);
  if (await em.count(ForgottenUserSchema, { userId: member.userId })) return;
  await em.upsert(MemberSchema, member, {
    onConflictFields: ['userId'],
    onConflictMergeFields: ['orgId', 'email', 'name', 'role'],
    disableIdentityMap: true,
  });
}

export const removeMember = (em: EntityManager, orgId: number, userId: number) =>
  em.nativeDelete(MemberSchema, { orgId, userId });

/** A deleted account: its row goes, and its id is kept so a late member event cannot bring it back. */
export async function removeUser(em: EntityManager, userId: number): Promise<void> {
  await lockPerson(em, userId);
  await em.upsert(
    ForgottenUserSchema,
    { userId, forgottenAt: new Date() },
    { onConflictFields: ['userId'], onConflictAction: 'ignore', disableIdentityMap: true },
  );
  await em.nativeDelete(MemberSchema, { userId });
}

export const removeOrganizationMembers = (em: EntityManager, orgId: number) =>
  em.nativeDelete(MemberSchema, { orgId });

export const findMembers = (em: EntityManager, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : em.find(MemberSchema, { userId: { $in: userIds } }, { disableIdentityMap: true });

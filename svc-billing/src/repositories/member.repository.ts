import type { EntityManager } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';
import { MemberSchema } from '../entities/member.js';

export const upsertMember = (
  em: EntityManager,
  member: { userId: number; orgId: number; email: string; name: string; role: TRole },
) =>
  em.upsert(MemberSchema, member, {
    onConflictFields: ['userId'],
    onConflictMergeFields: ['orgId', 'email', 'name', 'role'],
    disableIdentityMap: true,
  });

export const removeMember = (em: EntityManager, orgId: number, userId: number) =>
  em.nativeDelete(MemberSchema, { orgId, userId });

export const removeUser = (em: EntityManager, userId: number) => em.nativeDelete(MemberSchema, { userId });

export const removeOrganizationMembers = (em: EntityManager, orgId: number) =>
  em.nativeDelete(MemberSchema, { orgId });

export const findMembers = (em: EntityManager, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : em.find(MemberSchema, { userId: { $in: userIds } }, { disableIdentityMap: true });

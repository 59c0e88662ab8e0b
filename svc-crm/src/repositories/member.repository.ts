import type { EntityManager } from '@mikro-orm/core';
import { MemberSchema } from '../entities/index.js';

/** identity.member.added: the member may own deals (a redelivery or a role change keeps one row). */
export async function saveMember(
  em: EntityManager,
  input: { orgId: number; userId: number; name: string },
): Promise<void> {
  await em.upsert(MemberSchema, input);
}

export async function deleteMember(em: EntityManager, orgId: number, userId: number): Promise<void> {
  await em.nativeDelete(MemberSchema, { orgId, userId });
}

export async function isMember(em: EntityManager, orgId: number, userId: number): Promise<boolean> {
  return (await em.count(MemberSchema, { orgId, userId })) > 0;
}

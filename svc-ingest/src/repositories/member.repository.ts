import { raw, type EntityManager } from '@mikro-orm/core';
import { MemberSchema, type Member } from '../entities/member.js';

export async function upsertMember(em: EntityManager, member: Member) {
  await em.upsert(MemberSchema, member, {
    onConflictFields: ['orgId', 'userId'],
    onConflictAction: 'merge',
    onConflictMergeFields: ['email', 'name', 'role'],
  });
}

export const deleteMember = (em: EntityManager, orgId: number, userId: number) =>
  em.nativeDelete(MemberSchema, { orgId, userId });

export const deleteMemberships = (em: EntityManager, userId: number) =>
  em.nativeDelete(MemberSchema, { userId });

/** The member a deck counts against: whoever forwarded or sent it (matched case-insensitively). */
export async function findMemberIdByEmail(
  em: EntityManager,
  orgId: number,
  emails: string[],
): Promise<number | null> {
  const wanted = emails.filter(Boolean).map((e) => e.toLowerCase());
  if (wanted.length === 0) return null;
  const member = await em.findOne(
    MemberSchema,
    // lower(email): the members_email index.
    { orgId, [raw('lower(email)')]: { $in: wanted } },
    { fields: ['userId'], disableIdentityMap: true },
  );
  return member?.userId ?? null;
}

import type { EntityManager } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';
import { execute, queryRows } from './sql.js';

export const upsertMember = (
  em: EntityManager,
  member: { userId: number; orgId: number; email: string; name: string; role: TRole },
) =>
  execute(
    em,
    `insert into members (user_id, org_id, email, name, role) values (?, ?, ?, ?, ?)
     on conflict (user_id) do update set org_id = excluded.org_id, email = excluded.email,
       name = excluded.name, role = excluded.role`,
    [member.userId, member.orgId, member.email, member.name, member.role],
  );

export const removeMember = (em: EntityManager, orgId: number, userId: number) =>
  execute(em, `delete from members where org_id = ? and user_id = ?`, [orgId, userId]);

export const removeUser = (em: EntityManager, userId: number) =>
  execute(em, `delete from members where user_id = ?`, [userId]);

export const removeOrganizationMembers = (em: EntityManager, orgId: number) =>
  execute(em, `delete from members where org_id = ?`, [orgId]);

export const listMembers = async (em: EntityManager, orgId: number) =>
  (
    await queryRows<{ user_id: number; email: string; name: string }>(
      em,
      `select user_id, email, name from members where org_id = ?`,
      [orgId],
    )
  ).map((r) => ({ userId: Number(r.user_id), email: r.email, name: r.name }));

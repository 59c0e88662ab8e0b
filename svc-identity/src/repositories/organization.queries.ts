import type { EntityManager } from '@mikro-orm/core';

/**
 * The next membership version of an organization: counts up and locks its row until the transaction ends, so
 * concurrent joins and removals are counted one after the other and their versions follow commit order. Call
 * it before counting the members.
 */
export async function nextMembershipVersion(em: EntityManager, id: number): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ membership_version: number }[]>(
      'UPDATE organizations SET membership_version = membership_version + 1 WHERE id = ? RETURNING membership_version',
      [id],
      'all',
      em.getTransactionContext(),
    );
  const version = rows[0]?.membership_version;
  if (version === undefined) throw new Error(`organization ${id} not found`);
  return Number(version);
}

/** A page of organizations' member counts and membership versions, by id (billing's seat reconciliation). */
export const selectMemberships = (
  em: EntityManager,
  afterId: number,
  limit: number,
): Promise<{ id: number; member_count: string; membership_version: number }[]> =>
  em.getConnection().execute<{ id: number; member_count: string; membership_version: number }[]>(
    `SELECT o.id, o.membership_version,
              (SELECT count(*) FROM users u WHERE u.organization_id = o.id) AS member_count
         FROM organizations o WHERE o.id > ? ORDER BY o.id LIMIT ?`,
    [afterId, limit],
  );

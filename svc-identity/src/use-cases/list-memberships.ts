import type { EntityManager } from '@mikro-orm/core';
import type { TMembershipsQuery, TMembershipsResponse } from '@dealflow/contracts';
import { selectMemberships } from '../repositories/organization.queries.js';

/** Every organization's member count and membership version, a page at a time (billing's seat reconciliation). */
export async function listMemberships(
  em: EntityManager,
  query: TMembershipsQuery,
): Promise<TMembershipsResponse> {
  const rows = await selectMemberships(em, query.afterId, query.limit);
  const organizations = rows.map((row) => ({
    orgId: Number(row.id),
    memberCount: Number(row.member_count),
    membershipVersion: Number(row.membership_version),
  }));
  return {
    organizations,
    nextAfterId: rows.length === query.limit ? organizations[organizations.length - 1]!.orgId : null,
  };
}

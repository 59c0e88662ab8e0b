import type { EntityManager } from '@mikro-orm/core';
import type { TDealsPage } from '@dealflow/contracts';
import { toPipelineDeal } from '../domain/pipeline-deal.js';
import { findCompaniesByIds } from '../repositories/company.repository.js';
import { listDeals as findDeals } from '../repositories/deal.repository.js';

/** A page of the organization's built-in deals, newest first; owner 'me' is the caller's ("My deals"). */
export async function listDeals(
  em: EntityManager,
  input: {
    orgId: number;
    userId: number;
    stage?: string;
    owner?: 'me' | 'none' | number;
    cursor?: number;
    limit: number;
  },
): Promise<TDealsPage> {
  const ownerId =
    input.owner === undefined
      ? undefined
      : input.owner === 'me'
        ? input.userId
        : input.owner === 'none'
          ? null
          : input.owner;
  const rows = await findDeals(em, { ...input, ownerId, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const companies = await findCompaniesByIds(em, input.orgId, [...new Set(page.map((d) => d.companyId))]);
  const byId = new Map(companies.map((c) => [c.id, c]));
  return {
    deals: page.map((d) => toPipelineDeal(d, byId.get(d.companyId))),
    nextCursor: rows.length > input.limit ? String(page.at(-1)!.id) : null,
  };
}

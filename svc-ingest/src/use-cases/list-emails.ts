import type { EntityManager } from '@mikro-orm/core';
import type { TEmailListQuery } from '@dealflow/contracts';
import { EmailSchema } from '../entities/email.js';
import { findEmailPage } from '../repositories/inbox.queries.js';
import { toEmailRecords } from './email-record.js';

/**
 * The organization's records for the list's filters (status, inbox or archive, industry, funding round, location,
 * received dates, owner), newest first; with a search term, ranked by full-text relevance over the deck's text,
 * company, sender and subject, each with its matching snippet.
 */
export async function listEmails(em: EntityManager, orgId: number, query: TEmailListQuery) {
  const { rows, total } = await findEmailPage(em, orgId, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const found = await em.find(EmailSchema, { orgId, id: { $in: rows.map((r) => r.id) } });
  const byId = new Map(found.map((e) => [e.id, e]));
  const ordered = rows.flatMap((r) => (byId.has(r.id) ? [byId.get(r.id)!] : []));
  const records = await toEmailRecords(em, orgId, ordered);
  const snippets = new Map(rows.map((r) => [r.id, r.snippet]));
  return {
    data: records.map((r) => (query.searchTerm?.trim() ? { ...r, snippet: snippets.get(r.id) ?? null } : r)),
    total,
  };
}

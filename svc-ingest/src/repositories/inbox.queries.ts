// The records list's hand-written SQL (issue 22): the filters, full-text search (ranked, with a snippet) and the
// export's keyset batches. Every query is bound to one organization.
import type { EntityManager } from '@mikro-orm/core';
import type { TEmailFilters, TRecordStatus } from '@dealflow/contracts';
import { SEARCH_LANGUAGES } from '../domain/deck/text-language.js';

/** ts_headline marks each match between these (the contract's snippet). */
const SNIPPET_OPTIONS = 'StartSel=\u0002, StopSel=\u0003, MaxFragments=1, MaxWords=30, MinWords=12';

async function sql<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []) {
  return (await em
    .getConnection()
    .execute(query, params as never[], 'all', em.getTransactionContext())) as T[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One tsquery of the term in every configuration: a record matches in its own language (the GIN index serves it). */
const TSQUERY = SEARCH_LANGUAGES.map((l) => `websearch_to_tsquery('${l}', ?::text)`).join(' || ');

/** The WHERE clause of the filters (alias e), and its parameters. */
function whereOf(orgId: number, f: TEmailFilters) {
  const clauses = ['e.org_id = ?'];
  const params: unknown[] = [orgId];
  if (f.view === 'inbox') clauses.push('e.archived_at IS NULL');
  else if (f.view === 'archived') clauses.push('e.archived_at IS NOT NULL');
  if (f.filter !== 'all') {
    clauses.push('e.status = ?');
    params.push(f.filter satisfies TRecordStatus);
  }
  for (const [key, field] of [
    ['industry', 'industry'],
    ['fundingRound', 'fundingRound'],
    ['location', 'location'],
  ] as const) {
    const value = f[key]?.trim();
    if (!value) continue;
    clauses.push(`e.extracted_data ->> '${field}' ILIKE ?`);
    params.push(`%${escapeLike(value)}%`);
  }
  if (f.receivedFrom) {
    clauses.push('coalesce(e.sent_at, e.received_at) >= ?::timestamptz');
    params.push(`${f.receivedFrom}T00:00:00Z`);
  }
  if (f.receivedTo) {
    clauses.push("coalesce(e.sent_at, e.received_at) < ?::timestamptz + interval '1 day'");
    params.push(`${f.receivedTo}T00:00:00Z`);
  }
  if (f.ownerId !== undefined) {
    clauses.push('e.user_id = ?');
    params.push(f.ownerId);
  }
  const term = f.searchTerm?.trim();
  if (term) {
    // The words (any language, ranked) or, for a part of a name or address, the text itself.
    const like = `%${escapeLike(term)}%`;
    clauses.push(
      `(e.search @@ (${TSQUERY}) OR e.company_name ILIKE ? OR e.from_name ILIKE ? OR e.from_email ILIKE ? OR e.subject ILIKE ?)`,
    );
    params.push(...SEARCH_LANGUAGES.map(() => term), like, like, like, like);
  }
  return { where: clauses.join(' AND '), params, term };
}

/**
 * One page of the organization's records for the filters: ids in order (by rank when searching, else by the Date
 * header then id), each with its snippet when searching, and the total.
 */
export async function findEmailPage(
  em: EntityManager,
  orgId: number,
  f: TEmailFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: { id: number; snippet: string | null }[]; total: number }> {
  const { where, params, term } = whereOf(orgId, f);
  const [count] = await sql<{ total: string }>(
    em,
    `SELECT count(*) AS total FROM emails e WHERE ${where}`,
    params,
  );
  // The page's ids in order; the snippet only for them (ts_headline reads the whole text).
  const rows = term
    ? await sql<{ id: number; snippet: string | null }>(
        em,
        `SELECT p.id, ts_headline(p.search_language, concat_ws(E'\\n', p.subject, p.deck_text), (${TSQUERY}), ?) AS snippet
         FROM (SELECT e.id, e.search_language, e.subject, e.deck_text, ts_rank(e.search, (${TSQUERY})) AS rank,
                 coalesce(e.sent_at, e.received_at) AS at
               FROM emails e WHERE ${where} ORDER BY rank DESC, at DESC, e.id DESC LIMIT ? OFFSET ?) p
         ORDER BY p.rank DESC, p.at DESC, p.id DESC`,
        [
          ...SEARCH_LANGUAGES.map(() => term),
          SNIPPET_OPTIONS,
          ...SEARCH_LANGUAGES.map(() => term),
          ...params,
          page.limit,
          page.offset,
        ],
      )
    : await sql<{ id: number; snippet: null }>(
        em,
        `SELECT e.id, NULL AS snippet FROM emails e WHERE ${where}
         ORDER BY coalesce(e.sent_at, e.received_at) DESC, e.id DESC LIMIT ? OFFSET ?`,
        [...params, page.limit, page.offset],
      );
  return { rows, total: Number(count?.total ?? 0) };
}

export interface TExportRow {
  id: number;
  receivedAt: Date;
  fromName: string | null;
  fromEmail: string;
  subject: string | null;
  status: string;
  statusReason: string | null;
  archivedAt: Date | null;
  notADeck: boolean;
  extractedData: Record<string, unknown> | null;
  dealUrl: string | null;
}

/**
 * One batch of the export, in list order without ranking (keyset on the Date header and id, so each batch is an
 * index range whatever the offset): the caller streams the rows and asks for the next batch after the last.
 */
export async function findExportBatch(
  em: EntityManager,
  orgId: number,
  f: TEmailFilters,
  after: { at: Date; id: number } | null,
  limit: number,
): Promise<TExportRow[]> {
  const { where, params } = whereOf(orgId, f);
  const keyset = after ? ' AND (coalesce(e.sent_at, e.received_at), e.id) < (?::timestamptz, ?)' : '';
  const rows = await sql<Record<string, unknown>>(
    em,
    `SELECT e.id, coalesce(e.sent_at, e.received_at) AS received_at, e.from_name, e.from_email, e.subject, e.status,
       e.status_reason, e.archived_at, e.not_a_deck, e.extracted_data, e.deal_url
     FROM emails e WHERE ${where}${keyset}
     ORDER BY coalesce(e.sent_at, e.received_at) DESC, e.id DESC LIMIT ?`,
    [...params, ...(after ? [after.at.toISOString(), after.id] : []), limit],
  );
  return rows.map((r) => ({
    id: r.id as number,
    receivedAt: new Date(r.received_at as Date),
    fromName: r.from_name as string | null,
    fromEmail: r.from_email as string,
    subject: r.subject as string | null,
    status: r.status as string,
    statusReason: r.status_reason as string | null,
    archivedAt: r.archived_at ? new Date(r.archived_at as Date) : null,
    notADeck: Boolean(r.not_a_deck),
    extractedData: r.extracted_data as Record<string, unknown> | null,
    dealUrl: r.deal_url as string | null,
  }));
}

/** Deletes a record and with it its stored files (attachments cascade), body and deck text; true when it was there. */
export async function deleteEmailRow(em: EntityManager, orgId: number, id: number): Promise<boolean> {
  const rows = await sql(em, 'DELETE FROM emails WHERE id = ? AND org_id = ? RETURNING id', [id, orgId]);
  return rows.length > 0;
}

/** Is mail from this address blocked for the organization (the address, or its domain)? */
export async function isSenderBlocked(em: EntityManager, orgId: number, fromEmail: string): Promise<boolean> {
  const address = fromEmail.trim().toLowerCase();
  const domain = address.split('@').pop() ?? '';
  const rows = await sql(
    em,
    `SELECT 1 FROM blocked_senders WHERE org_id = ? AND ((kind = 'sender' AND value = ?) OR (kind = 'domain' AND value = ?)) LIMIT 1`,
    [orgId, address, domain],
  );
  return rows.length > 0;
}

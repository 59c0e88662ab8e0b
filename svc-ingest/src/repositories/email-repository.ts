import type { EntityManager } from '@mikro-orm/core';
import type { TExtractedData, TRecordStatus } from '@dealflow/contracts';
import { escapeLike, sql } from './sql.js';

export interface TEmailRow {
  id: number;
  org_id: number;
  message_id: string | null;
  from_name: string | null;
  from_email: string;
  forwarded_by: string | null;
  subject: string | null;
  received_at: Date;
  status: TRecordStatus;
  status_reason: string | null;
  deck_links: string[];
  extracted_data: TExtractedData | null;
  deal_id: string | null;
  deal_url: string | null;
  deal_provider: string | null;
  user_id: number | null;
  counted_at: Date | null;
}
export interface TAttachmentMeta {
  id: number;
  email_id: number;
  filename: string;
  content_type: string;
  size: number;
  inline: boolean;
}

const COLUMNS =
  'id, org_id, message_id, from_name, from_email, forwarded_by, subject, received_at, status, status_reason, deck_links, extracted_data, deal_id, deal_url, deal_provider, user_id, counted_at';

export interface TNewEmail {
  orgId: number;
  messageId: string | null;
  fromName: string | null;
  fromEmail: string;
  forwardedBy: string | null;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
  receivedAt: Date;
  source: 'webhook' | 'imap';
  userId: number | null;
  attachments: {
    filename: string;
    contentType: string;
    size: number;
    contentId: string | null;
    inline: boolean;
    content: Buffer;
  }[];
}

/** Stores an email with its attachments; an already stored Message-ID of the organization returns the first record. */
export async function insertEmail(
  em: EntityManager,
  e: TNewEmail,
): Promise<{ id: number; duplicate: boolean }> {
  const inserted = await sql<{ id: number }>(
    em,
    `INSERT INTO emails (org_id, message_id, from_name, from_email, forwarded_by, subject, text_body, html_body, received_at, source, user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (org_id, message_id) WHERE message_id IS NOT NULL DO NOTHING RETURNING id`,
    [
      e.orgId,
      e.messageId,
      e.fromName,
      e.fromEmail,
      e.forwardedBy,
      e.subject,
      e.textBody,
      e.htmlBody,
      e.receivedAt,
      e.source,
      e.userId,
    ],
  );
  if (inserted[0]) {
    const id = inserted[0].id;
    for (const a of e.attachments) {
      await sql(
        em,
        'INSERT INTO attachments (email_id, filename, content_type, size, content_id, inline, content) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [id, a.filename, a.contentType, a.size, a.contentId, a.inline, a.content],
      );
    }
    return { id, duplicate: false };
  }
  const existing = await sql<{ id: number }>(
    em,
    'SELECT id FROM emails WHERE org_id = ? AND message_id = ?',
    [e.orgId, e.messageId],
  );
  return { id: existing[0]!.id, duplicate: true };
}

export async function lockEmail(
  em: EntityManager,
  id: number,
): Promise<(TEmailRow & { text_body: string; html_body: string | null }) | null> {
  const rows = await sql<TEmailRow & { text_body: string; html_body: string | null }>(
    em,
    `SELECT ${COLUMNS}, text_body, html_body FROM emails WHERE id = ? FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findEmail(em: EntityManager, orgId: number, id: number): Promise<TEmailRow | null> {
  const rows = await sql<TEmailRow>(em, `SELECT ${COLUMNS} FROM emails WHERE org_id = ? AND id = ?`, [
    orgId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function findDeckFiles(em: EntityManager, emailId: number) {
  return sql<{ id: number; filename: string; content_type: string; size: number; content: Buffer }>(
    em,
    `SELECT id, filename, content_type, size, content FROM attachments
     WHERE email_id = ? AND NOT inline AND (content_type IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')
       OR lower(filename) LIKE '%.pdf' OR lower(filename) LIKE '%.pptx')
     ORDER BY id`,
    [emailId],
  );
}

export async function findAttachmentMeta(em: EntityManager, emailIds: number[]): Promise<TAttachmentMeta[]> {
  if (emailIds.length === 0) return [];
  return sql<TAttachmentMeta>(
    em,
    'SELECT id, email_id, filename, content_type, size, inline FROM attachments WHERE email_id = ANY(?::int[]) ORDER BY id',
    [`{${emailIds.map(Number).join(',')}}`],
  );
}

export async function updateEmail(
  em: EntityManager,
  id: number,
  patch: Partial<{
    status: TRecordStatus;
    statusReason: string | null;
    deckLinks: string[];
    extractedData: TExtractedData | null;
    dealId: string | null;
    dealUrl: string | null;
    dealProvider: string | null;
    countedAt: Date | null;
    processedAt: Date | null;
    attemptsIncrement: boolean;
  }>,
) {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [];
  const put = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (patch.status !== undefined) put('status', patch.status);
  if (patch.statusReason !== undefined) put('status_reason', patch.statusReason);
  if (patch.deckLinks !== undefined) put('deck_links', JSON.stringify(patch.deckLinks));
  if (patch.extractedData !== undefined) {
    put('extracted_data', patch.extractedData === null ? null : JSON.stringify(patch.extractedData));
    put('company_name', patch.extractedData?.companyName ?? null);
  }
  if (patch.dealId !== undefined) put('deal_id', patch.dealId);
  if (patch.dealUrl !== undefined) put('deal_url', patch.dealUrl);
  if (patch.dealProvider !== undefined) put('deal_provider', patch.dealProvider);
  if (patch.countedAt !== undefined) put('counted_at', patch.countedAt);
  if (patch.processedAt !== undefined) put('processed_at', patch.processedAt);
  if (patch.attemptsIncrement) sets.push('attempts = attempts + 1');
  await sql(em, `UPDATE emails SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
}

export async function countDecksSince(em: EntityManager, orgId: number, since: Date): Promise<number> {
  const rows = await sql<{ n: string }>(
    em,
    'SELECT count(*) AS n FROM emails WHERE org_id = ? AND counted_at >= ?',
    [orgId, since],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function listEmails(
  em: EntityManager,
  orgId: number,
  q: { page: number; limit: number; filter: TRecordStatus | 'all'; searchTerm?: string },
): Promise<{ rows: TEmailRow[]; total: number }> {
  const where = ['org_id = ?'];
  const params: unknown[] = [orgId];
  if (q.filter !== 'all') {
    where.push('status = ?');
    params.push(q.filter);
  }
  const term = q.searchTerm?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    where.push(`(company_name ILIKE ? OR from_name ILIKE ? OR from_email ILIKE ? OR subject ILIKE ?)`);
    params.push(like, like, like, like);
  }
  const [count] = await sql<{ n: string }>(
    em,
    `SELECT count(*) AS n FROM emails WHERE ${where.join(' AND ')}`,
    params,
  );
  const rows = await sql<TEmailRow>(
    em,
    `SELECT ${COLUMNS} FROM emails WHERE ${where.join(' AND ')} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Emails kept pending by the monthly limit, oldest first. */
export async function findHeldEmails(em: EntityManager, orgId: number, reason: string, limit: number) {
  return sql<{ id: number; message_id: string | null; from_email: string; received_at: Date }>(
    em,
    `SELECT id, message_id, from_email, received_at FROM emails WHERE org_id = ? AND status = 'pending' AND status_reason = ?
     ORDER BY received_at, id LIMIT ? FOR UPDATE SKIP LOCKED`,
    [orgId, reason, limit],
  );
}

export async function findOrgsWithHeldEmails(em: EntityManager, reason: string): Promise<number[]> {
  const rows = await sql<{ org_id: number }>(
    em,
    `SELECT DISTINCT org_id FROM emails WHERE status = 'pending' AND status_reason = ?`,
    [reason],
  );
  return rows.map((r) => r.org_id);
}

export async function findStalledEmails(em: EntityManager, updatedBefore: Date) {
  return sql<{
    id: number;
    org_id: number;
    message_id: string | null;
    from_email: string;
    received_at: Date;
  }>(
    em,
    `SELECT id, org_id, message_id, from_email, received_at FROM emails WHERE status = 'processing' AND updated_at < ?
     ORDER BY updated_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
    [updatedBefore],
  );
}

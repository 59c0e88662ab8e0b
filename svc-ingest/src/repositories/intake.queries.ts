import type { EntityManager } from '@mikro-orm/core';
import { rows as sql } from '@dealflow/service-kit';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import type { TExtractedData, TPlan, TRecordStatus } from '@dealflow/contracts';
import type { Attachment, Email } from '../entities/email.js';
import type { TExtractedRecord } from './ingest.events.js';

/*
 * The email intake path in hand-written SQL: storing a received email, locking it and its organization for
 * the claim, its deck files, and the claims of held, stalled, unanswered and due work. svc-ingest's bench (src/test/bench,
 * `npm run bench -w @dealflow/svc-ingest`) holds this path to "1,000 emails a minute processed end to end":
 * measured 1,197 and 807/min in two runs, consumer side alone 1,188 and 915/min (2026-11-23, the shared 2-core
 * machine at load 8-11; the same bench before the ORM repositories: 808 and 733/min, 1,061 and 634/min).
 * Claims use FOR UPDATE SKIP LOCKED so replicas never take the same row; the insert is idempotent on the
 * partial unique index (org_id, message_id), which the ORM's upsert cannot name as its conflict target.
 * Everything else goes through the ORM (the *.repository.ts files), the status updates of this path included.
 */

export type TNewEmail = Pick<
  Email,
  | 'orgId'
  | 'messageId'
  | 'fromName'
  | 'fromEmail'
  | 'forwardedBy'
  | 'subject'
  | 'textBody'
  | 'htmlBody'
  | 'receivedAt'
  | 'sentAt'
  | 'source'
  | 'userId'
> & { attachments: Omit<Attachment, 'id' | 'emailId'>[] };

/**
 * Runs SQL with its values sent as bind parameters (PostgreSQL's extended protocol: text as is, bytea as
 * binary). `sql` (the kit's rows, over MikroORM's execute) inlines every value into the SQL text on the event loop (MikroORM's formatQuery:
 * pg's escapeLiteral over a message body, bytea as hex), which cost svc-ingest 200-400 ms of blocked loop per
 * large message in the hostile suite (issue 12); the rows of a received email are written this way instead.
 */
async function sqlBound<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[]) {
  const knex = (em.getConnection() as AbstractSqlConnection).getKnex();
  const q = knex.raw(query, params as never[]);
  const ctx = em.getTransactionContext();
  if (ctx) q.transacting(ctx);
  const result = (await q) as { rows: T[] };
  return result.rows;
}

/** Stores an email with its attachments; an already stored Message-ID of the organization returns the first record. */
export async function insertEmail(
  em: EntityManager,
  e: TNewEmail,
): Promise<{ id: number; duplicate: boolean }> {
  const inserted = await sqlBound<{ id: number }>(
    em,
    `INSERT INTO emails (org_id, message_id, from_name, from_email, forwarded_by, subject, text_body, html_body, received_at, sent_at, source, user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
      e.sentAt,
      e.source,
      e.userId,
    ],
  );
  if (inserted[0]) {
    const id = inserted[0].id;
    for (const a of e.attachments) {
      await sqlBound(
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

export interface TLockedEmail {
  id: number;
  orgId: number;
  messageId: string | null;
  fromName: string | null;
  fromEmail: string;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
  receivedAt: Date;
  status: TRecordStatus;
  userId: number | null;
  countedAt: Date | null;
  extractedData: TExtractedData | null;
  /** Claims for processing since the last manual retry. */
  attempts: number;
}

/** The email with its bodies, locked for the rest of the transaction (one worker at a time per email). */
export async function lockEmail(em: EntityManager, id: number): Promise<TLockedEmail | null> {
  const [row] = await sql<Record<string, unknown>>(
    em,
    `SELECT id, org_id, message_id, from_name, from_email, subject, text_body, html_body, received_at, status,
       user_id, counted_at, extracted_data, attempts FROM emails WHERE id = ? FOR UPDATE`,
    [id],
  );
  if (!row) return null;
  return {
    id: row.id as number,
    orgId: row.org_id as number,
    messageId: row.message_id as string | null,
    fromName: row.from_name as string | null,
    fromEmail: row.from_email as string,
    subject: row.subject as string | null,
    textBody: row.text_body as string,
    htmlBody: row.html_body as string | null,
    receivedAt: new Date(row.received_at as Date),
    status: row.status as TRecordStatus,
    userId: row.user_id as number | null,
    countedAt: row.counted_at ? new Date(row.counted_at as Date) : null,
    extractedData: row.extracted_data as TExtractedData | null,
    attempts: Number(row.attempts ?? 0),
  };
}

/** Locks the organization row: deck allowance checks of one organization happen one at a time. */
export async function lockOrganization(em: EntityManager, id: number) {
  const [row] = await sql<{ id: number; plan: TPlan; monthly_deck_limit: number | null }>(
    em,
    'SELECT id, plan, monthly_deck_limit FROM organizations WHERE id = ? FOR UPDATE',
    [id],
  );
  return row ? { id: row.id, plan: row.plan, monthlyDeckLimit: row.monthly_deck_limit } : null;
}

/** The email's deck files (PDF, PPTX) with their content, in arrival order. */
export async function findDeckFiles(em: EntityManager, emailId: number) {
  return sql<{ id: number; filename: string; contentType: string; size: number; content: Buffer }>(
    em,
    `SELECT id, filename, content_type AS "contentType", size, content FROM attachments
     WHERE email_id = ? AND NOT inline AND (content_type IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')
       OR lower(filename) LIKE '%.pdf' OR lower(filename) LIKE '%.pptx')
     ORDER BY id`,
    [emailId],
  );
}

export interface TQueuedEmail {
  id: number;
  orgId: number;
  messageId: string | null;
  fromEmail: string;
  receivedAt: Date;
}
const QUEUED = `id, org_id AS "orgId", message_id AS "messageId", from_email AS "fromEmail", received_at AS "receivedAt"`;

// The driver hands timestamps over as text.
const queued = (rows: TQueuedEmail[]) => rows.map((r) => ({ ...r, receivedAt: new Date(r.receivedAt) }));

/** Claims emails kept pending by the monthly limit, oldest first. */
export const claimHeldEmails = async (em: EntityManager, orgId: number, reason: string, limit: number) =>
  queued(
    await sql<TQueuedEmail>(
      em,
      `SELECT ${QUEUED} FROM emails WHERE org_id = ? AND status = 'pending' AND status_reason = ?
       ORDER BY received_at, id LIMIT ? FOR UPDATE SKIP LOCKED`,
      [orgId, reason, limit],
    ),
  );

export async function findOrgsWithHeldEmails(em: EntityManager, reason: string): Promise<number[]> {
  const rows = await sql<{ org_id: number }>(
    em,
    `SELECT DISTINCT org_id FROM emails WHERE status = 'pending' AND status_reason = ?`,
    [reason],
  );
  return rows.map((r) => r.org_id);
}

/**
 * Claims emails whose event went missing: left `processing` since before `processingBefore` (their processing
 * crashed), or still `pending` without a hold since before `pendingBefore` (their ingest.email.received never
 * reached a consumer: a broker that lost what it had acknowledged, a dead letter).
 */
export const claimStalledEmails = async (em: EntityManager, processingBefore: Date, pendingBefore: Date) =>
  queued(
    await sql<TQueuedEmail>(
      em,
      `SELECT ${QUEUED} FROM emails
       WHERE (status = 'processing' AND updated_at < ?)
          OR (status = 'pending' AND status_reason IS NULL AND updated_at < ?)
       ORDER BY updated_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [processingBefore, pendingBefore],
    ),
  );

/**
 * Claims completed records that crm has not answered (no deal linked, no rejection: a rejection moves the record
 * out of `completed`) since before `before`, at most `limit`, each announced fewer than `maxAnnouncements` times.
 * Each claimed row counts one more announcement and is touched (updated_at), so the next claim of it is one
 * interval later. Locked rows are skipped: another replica has them.
 */
export const claimUnansweredExtractions = async (
  em: EntityManager,
  before: Date,
  maxAnnouncements: number,
  limit: number,
) =>
  sql<TExtractedRecord & { dealAnnouncements: number }>(
    em,
    `UPDATE emails SET deal_announcements = deal_announcements + 1, updated_at = now() WHERE id IN (
       SELECT id FROM emails
       WHERE status = 'completed' AND deal_id IS NULL AND extracted_data IS NOT NULL
         AND updated_at < ? AND deal_announcements < ?
       ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING id, org_id AS "orgId", from_email AS "fromEmail", from_name AS "fromName", subject,
       extracted_data AS "extractedData", deck_links AS "deckLinks", deck_outline AS "deckOutline",
       message_id AS "messageId", deal_announcements AS "dealAnnouncements"`,
    [before, maxAnnouncements, limit],
  );

/**
 * Claims the mailboxes due an automatic scan (interval elapsed) by stamping last_scan_at first, so two
 * replicas never scan the same mailbox at once.
 */
export async function claimDueMailboxes(em: EntityManager, now: Date): Promise<number[]> {
  const rows = await sql<{ org_id: number }>(
    em,
    `UPDATE mailboxes SET last_scan_at = ? WHERE org_id IN (
       SELECT org_id FROM mailboxes
       WHERE password_enc IS NOT NULL AND auto_scan_minutes > 0
         AND (last_scan_at IS NULL OR last_scan_at + make_interval(mins => auto_scan_minutes) <= ?)
       FOR UPDATE SKIP LOCKED)
     RETURNING org_id`,
    [now, now],
  );
  return rows.map((r) => r.org_id);
}

/**
 * Records a scan: its error, and the highest UID seen. A new UIDVALIDITY (the folder was recreated)
 * restarts the count; otherwise the UID only grows, whatever order two scans finish in.
 */
export async function recordScan(
  em: EntityManager,
  orgId: number,
  patch: { lastUid?: number; uidValidity?: string; lastError: string | null },
) {
  await sql(
    em,
    `UPDATE mailboxes SET last_scan_at = now(), last_error = ?,
       last_uid = CASE WHEN ?::bigint IS NULL THEN last_uid WHEN uid_validity IS DISTINCT FROM ?::bigint THEN ?::bigint ELSE GREATEST(last_uid, ?::bigint) END,
       uid_validity = COALESCE(?::bigint, uid_validity)
     WHERE org_id = ?`,
    [
      patch.lastError,
      patch.lastUid ?? null,
      patch.uidValidity ?? null,
      patch.lastUid ?? null,
      patch.lastUid ?? null,
      patch.uidValidity ?? null,
      orgId,
    ],
  );
}

import type { EntityManager } from '@mikro-orm/core';
import { rows as sql } from '@dealflow/service-kit';
import type { TExtractedData } from '@dealflow/contracts';

/*
 * The record page's reads (issue 23 item 1): the message, the deck and attachments with their bytes, and
 * the company's other decks. Every query is scoped by the organization: another organization's record is
 * simply not found.
 */

const DECK_TYPES = `(a.content_type IN ('application/pdf', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')
  OR lower(a.filename) LIKE '%.pdf' OR lower(a.filename) LIKE '%.pptx')`;

export interface TMessageRow {
  id: number;
  fromName: string | null;
  fromEmail: string;
  subject: string | null;
  receivedAt: Date;
  textBody: string;
  htmlBody: string | null;
  extractedData: TExtractedData | null;
  companyName: string | null;
}

export async function findMessage(em: EntityManager, orgId: number, id: number) {
  const [row] = await sql<TMessageRow>(
    em,
    `SELECT id, from_name AS "fromName", from_email AS "fromEmail", subject,
            coalesce(sent_at, received_at) AS "receivedAt", text_body AS "textBody", html_body AS "htmlBody",
            extracted_data AS "extractedData", company_name AS "companyName"
       FROM emails WHERE org_id = ? AND id = ?`,
    [orgId, id],
  );
  return row ?? null;
}

export interface TAttachmentMeta {
  id: number;
  filename: string;
  contentType: string;
  size: number;
  isDeck: boolean;
}

/** The email's attachments people see (not the inline images of its HTML), the deck files marked. */
export const findAttachments = (em: EntityManager, emailId: number) =>
  sql<TAttachmentMeta>(
    em,
    `SELECT a.id, a.filename, a.content_type AS "contentType", a.size, ${DECK_TYPES} AS "isDeck"
       FROM attachments a WHERE a.email_id = ? AND NOT a.inline ORDER BY a.id`,
    [emailId],
  );

export interface TStoredFile {
  id: number;
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
}

/** The record's deck (its first PDF or PPTX attachment) with its bytes, in the organization only. */
export async function findDeckFile(em: EntityManager, orgId: number, emailId: number) {
  const [row] = await sql<TStoredFile>(
    em,
    `SELECT a.id, a.filename, a.content_type AS "contentType", a.size, a.content
       FROM attachments a JOIN emails e ON e.id = a.email_id
      WHERE e.org_id = ? AND e.id = ? AND NOT a.inline AND ${DECK_TYPES}
      ORDER BY a.id LIMIT 1`,
    [orgId, emailId],
  );
  return row ?? null;
}

/** One attachment with its bytes, in the organization only. */
export async function findAttachmentFile(em: EntityManager, orgId: number, emailId: number, id: number) {
  const [row] = await sql<TStoredFile>(
    em,
    `SELECT a.id, a.filename, a.content_type AS "contentType", a.size, a.content
       FROM attachments a JOIN emails e ON e.id = a.email_id
      WHERE e.org_id = ? AND e.id = ? AND a.id = ? AND NOT a.inline`,
    [orgId, emailId, id],
  );
  return row ?? null;
}

export interface THistoryRow {
  id: number;
  receivedAt: Date;
  subject: string | null;
  extractedData: TExtractedData;
}

/**
 * The organization's records of one company, oldest first: by the website's host when the record has one
 * (the same host, with or without www and scheme), else by the company name (case-insensitive).
 */
export function findCompanyRecords(
  em: EntityManager,
  orgId: number,
  match: { host: string } | { name: string },
) {
  const where =
    'host' in match
      ? `split_part(split_part(split_part(regexp_replace(lower(extracted_data->>'website'), '^[a-z]+://(www[.]){0,1}|^www[.]', ''), '/', 1), chr(63), 1), ':', 1) = ?`
      : `lower(company_name) = ?`;
  return sql<THistoryRow>(
    em,
    `SELECT id, coalesce(sent_at, received_at) AS "receivedAt", subject, extracted_data AS "extractedData"
       FROM emails
      WHERE org_id = ? AND extracted_data IS NOT NULL AND ${where}
      ORDER BY coalesce(sent_at, received_at), id LIMIT 50`,
    [orgId, 'host' in match ? match.host : match.name.toLowerCase()],
  );
}

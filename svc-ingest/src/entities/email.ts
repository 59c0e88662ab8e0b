import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';
import { belongsTo } from './columns.js';
import type { TDeckOutline, TExtractedData, TExtractionProvenance, TRecordStatus } from '@dealflow/contracts';
import type { ZRecordCorrections } from '@dealflow/contracts';
import type { z } from 'zod';

export type TRecordCorrections = z.infer<typeof ZRecordCorrections>;

/** A received email and its processing state: the record of the Processed Records page. */
export interface Email {
  id: number;
  orgId: number;
  messageId: string | null;
  fromName: string | null;
  fromEmail: string;
  /** The member who forwarded the founder's email, when it was forwarded. */
  forwardedBy: string | null;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
  /** When Dealflow received the email (webhook or scan): the processing order and the allowance use it. */
  receivedAt: Date;
  /** The email's `Date` header: what people call "received" (null when missing or not a date). */
  sentAt: Date | null;
  source: 'webhook' | 'imap' | 'api';
  status: TRecordStatus;
  statusReason: string | null;
  deckLinks: string[];
  /** The deck's outline as ingest.deck.extracted carried it (null: no deck file read), kept to announce it again. */
  deckOutline: TDeckOutline | null;
  extractedData: TExtractedData | null;
  /** Slide, snippet and confidence of each extracted field (empty before extraction). */
  provenance: TExtractionProvenance;
  /** The fields a person corrected, each with the extracted value it replaced. */
  corrections: TRecordCorrections;
  /** Copy of extractedData.companyName for search. */
  companyName: string | null;
  dealId: string | null;
  dealUrl: string | null;
  dealProvider: string | null;
  userId: number | null;
  attempts: number;
  /**
   * Times ingest.deck.extracted was announced again for want of a CRM outcome (use-cases/reannounce-extracted-decks.ts);
   * a new extraction starts it over.
   */
  dealAnnouncements: number;
  /** When this email took one deck of the monthly allowance (null: not counted yet). */
  countedAt: Date | null;
  processedAt: Date | null;
  /** The deck's plain text (read at processing; the first SEARCH_TEXT_MAX characters), for full-text search. */
  deckText: string | null;
  /** The text search configuration of this record ('english', 'german', ...; 'simple' when not known). */
  searchLanguage: string;
  /** Generated: the weighted tsvector of company, subject, sender and deck text (GIN-indexed). */
  search?: string;
  /** Archived (out of the inbox view, kept). */
  archivedAt: Date | null;
  /** Marked "not a deck" by a member. */
  notADeck: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The search document: company (A), subject (B), sender (B), deck text (C), in the record's own configuration.
 * A stored generated column, so every write keeps it current.
 */
export const EMAIL_SEARCH_EXPRESSION =
  // Written as PostgreSQL prints it back (pg_get_expr), so the schema diff sees no change.
  "(((setweight(to_tsvector(search_language, COALESCE(company_name, ''::text)), 'A'::\"char\") || " +
  "setweight(to_tsvector(search_language, COALESCE(subject, ''::text)), 'B'::\"char\")) || " +
  "setweight(to_tsvector(search_language, ((COALESCE(from_name, ''::text) || ' '::text) || from_email)), 'B'::\"char\")) || " +
  "setweight(to_tsvector(search_language, COALESCE(deck_text, ''::text)), 'C'::\"char\"))";

export const EmailSchema = new EntitySchema<Email>({
  name: 'Email',
  tableName: 'emails',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: belongsTo('emails', 'Organization', 'org_id'),
    messageId: { type: 'text', fieldName: 'message_id', nullable: true },
    fromName: { type: 'text', fieldName: 'from_name', nullable: true },
    fromEmail: { type: 'text', fieldName: 'from_email' },
    forwardedBy: { type: 'text', fieldName: 'forwarded_by', nullable: true },
    subject: { type: 'text', nullable: true },
    textBody: { type: 'text', fieldName: 'text_body', default: '', lazy: true },
    htmlBody: { type: 'text', fieldName: 'html_body', nullable: true, lazy: true },
    receivedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'received_at' },
    sentAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'sent_at', nullable: true },
    source: { type: 'text' },
    status: { type: 'text', default: 'pending' },
    statusReason: { type: 'text', fieldName: 'status_reason', nullable: true },
    deckLinks: { type: 'json', fieldName: 'deck_links', defaultRaw: `'[]'` },
    deckOutline: { type: 'json', fieldName: 'deck_outline', nullable: true, lazy: true },
    extractedData: { type: 'json', fieldName: 'extracted_data', nullable: true },
    provenance: { type: 'json', defaultRaw: `'{}'` },
    corrections: { type: 'json', defaultRaw: `'{}'` },
    companyName: { type: 'text', fieldName: 'company_name', nullable: true },
    dealId: { type: 'text', fieldName: 'deal_id', nullable: true },
    dealUrl: { type: 'text', fieldName: 'deal_url', nullable: true },
    dealProvider: { type: 'text', fieldName: 'deal_provider', nullable: true },
    userId: { type: 'integer', fieldName: 'user_id', nullable: true },
    attempts: { type: 'integer', default: 0 },
    dealAnnouncements: { type: 'integer', fieldName: 'deal_announcements', default: 0 },
    countedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'counted_at', nullable: true },
    processedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'processed_at', nullable: true },
    deckText: { type: 'text', fieldName: 'deck_text', nullable: true, lazy: true },
    searchLanguage: {
      type: 'string',
      columnType: 'regconfig',
      fieldName: 'search_language',
      defaultRaw: `'simple'::regconfig`,
    },
    search: {
      type: 'string',
      columnType: 'tsvector',
      generated: `${EMAIL_SEARCH_EXPRESSION} stored`,
      lazy: true,
      nullable: true,
    },
    archivedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'archived_at', nullable: true },
    notADeck: { type: 'boolean', fieldName: 'not_a_deck', default: false },
    createdAt: createdAtColumn,
    updatedAt: {
      type: 'Date',
      columnType: 'timestamptz',
      fieldName: 'updated_at',
      defaultRaw: 'now()',
      onCreate: () => new Date(),
      onUpdate: () => new Date(),
    },
  },
  // Partial and descending indexes: MikroORM describes them by their SQL.
  indexes: [
    {
      name: 'emails_org_message_id',
      expression:
        'CREATE UNIQUE INDEX emails_org_message_id ON emails (org_id, message_id) WHERE message_id IS NOT NULL',
    },
    {
      // The records list's order: the Date header, else the ingestion time (email.repository listEmails).
      name: 'emails_org_received_on',
      expression:
        'CREATE INDEX emails_org_received_on ON emails (org_id, (coalesce(sent_at, received_at)) DESC, id DESC)',
    },
    { name: 'emails_org_status', properties: ['orgId', 'status'] },
    {
      // Full-text search over deck text, company, sender and subject (email.repository listEmails).
      name: 'emails_search',
      expression: 'CREATE INDEX emails_search ON emails USING gin (search)',
    },
    {
      name: 'emails_org_counted',
      expression:
        'CREATE INDEX emails_org_counted ON emails (org_id, counted_at) WHERE counted_at IS NOT NULL',
    },
    {
      // The records still waiting for crm's answer (the re-announce sweep): few, however many records there are.
      name: 'emails_awaiting_deal',
      expression:
        "CREATE INDEX emails_awaiting_deal ON emails (updated_at) WHERE status = 'completed' AND deal_id IS NULL",
    },
  ],
});

export interface Attachment {
  id: number;
  emailId: number;
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  inline: boolean;
  content: Buffer;
}

export const AttachmentSchema = new EntitySchema<Attachment>({
  name: 'Attachment',
  tableName: 'attachments',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    emailId: { ...belongsTo('attachments', 'Email', 'email_id'), index: 'attachments_email' },
    filename: { type: 'text' },
    contentType: { type: 'text', fieldName: 'content_type' },
    size: { type: 'integer' },
    contentId: { type: 'text', fieldName: 'content_id', nullable: true },
    inline: { type: 'boolean', default: false },
    content: { type: 'blob', lazy: true },
  },
});

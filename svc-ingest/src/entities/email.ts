import { EntitySchema } from '@mikro-orm/core';
import type { TExtractedData, TRecordStatus } from '@dealflow/contracts';

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
  receivedAt: Date;
  source: 'webhook' | 'imap';
  status: TRecordStatus;
  statusReason: string | null;
  deckLinks: string[];
  extractedData: TExtractedData | null;
  /** Copy of extractedData.companyName for search. */
  companyName: string | null;
  dealId: string | null;
  dealUrl: string | null;
  dealProvider: string | null;
  userId: number | null;
  attempts: number;
  /** When this email took one deck of the monthly allowance (null: not counted yet). */
  countedAt: Date | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const EmailSchema = new EntitySchema<Email>({
  name: 'Email',
  tableName: 'emails',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    orgId: { type: 'number', fieldName: 'org_id' },
    messageId: { type: 'text', fieldName: 'message_id', nullable: true },
    fromName: { type: 'text', fieldName: 'from_name', nullable: true },
    fromEmail: { type: 'text', fieldName: 'from_email' },
    forwardedBy: { type: 'text', fieldName: 'forwarded_by', nullable: true },
    subject: { type: 'text', nullable: true },
    textBody: { type: 'text', fieldName: 'text_body', lazy: true },
    htmlBody: { type: 'text', fieldName: 'html_body', nullable: true, lazy: true },
    receivedAt: { type: 'Date', fieldName: 'received_at' },
    source: { type: 'text' },
    status: { type: 'text', default: 'pending' },
    statusReason: { type: 'text', fieldName: 'status_reason', nullable: true },
    deckLinks: { type: 'json', fieldName: 'deck_links' },
    extractedData: { type: 'json', fieldName: 'extracted_data', nullable: true },
    companyName: { type: 'text', fieldName: 'company_name', nullable: true },
    dealId: { type: 'text', fieldName: 'deal_id', nullable: true },
    dealUrl: { type: 'text', fieldName: 'deal_url', nullable: true },
    dealProvider: { type: 'text', fieldName: 'deal_provider', nullable: true },
    userId: { type: 'number', fieldName: 'user_id', nullable: true },
    attempts: { type: 'number', default: 0 },
    countedAt: { type: 'Date', fieldName: 'counted_at', nullable: true },
    processedAt: { type: 'Date', fieldName: 'processed_at', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at', onCreate: () => new Date() },
    updatedAt: {
      type: 'Date',
      fieldName: 'updated_at',
      onCreate: () => new Date(),
      onUpdate: () => new Date(),
    },
  },
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
    id: { type: 'number', primary: true, autoincrement: true },
    emailId: { type: 'number', fieldName: 'email_id' },
    filename: { type: 'text' },
    contentType: { type: 'text', fieldName: 'content_type' },
    size: { type: 'number' },
    contentId: { type: 'text', fieldName: 'content_id', nullable: true },
    inline: { type: 'boolean', default: false },
    content: { type: 'blob', lazy: true },
  },
});

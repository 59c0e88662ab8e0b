import { EntitySchema } from '@mikro-orm/core';
import { belongsTo } from './columns.js';

/** The organization's IMAP mailbox (Integration 1). The password is AES-256-GCM encrypted at rest. */
export interface Mailbox {
  orgId: number;
  host: string | null;
  port: number | null;
  secure: boolean;
  username: string | null;
  passwordEnc: string | null;
  folder: string;
  autoScanMinutes: number;
  /** Highest IMAP UID already fetched (per uidValidity). */
  lastUid: string;
  uidValidity: string | null;
  lastScanAt: Date | null;
  lastError: string | null;
  connectedAt: Date | null;
}

export const MailboxSchema = new EntitySchema<Mailbox>({
  name: 'Mailbox',
  tableName: 'mailboxes',
  properties: {
    orgId: { ...belongsTo('mailboxes', 'Organization', 'org_id'), primary: true },
    host: { type: 'text', nullable: true },
    port: { type: 'integer', nullable: true },
    secure: { type: 'boolean', default: true },
    username: { type: 'text', nullable: true },
    passwordEnc: { type: 'text', fieldName: 'password_enc', nullable: true },
    folder: { type: 'text', default: 'INBOX' },
    autoScanMinutes: { type: 'integer', fieldName: 'auto_scan_minutes', default: 15 },
    lastUid: { type: 'bigint', fieldName: 'last_uid', default: 0 },
    uidValidity: { type: 'bigint', fieldName: 'uid_validity', nullable: true },
    lastScanAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'last_scan_at', nullable: true },
    lastError: { type: 'text', fieldName: 'last_error', nullable: true },
    connectedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'connected_at', nullable: true },
  },
});

import { EntitySchema } from '@mikro-orm/core';
import type { TReplyTemplate } from '@dealflow/contracts';
import { createdAtColumn, updatedAtColumn } from '@dealflow/service-kit';

/** An organization's reply templates once an owner has edited them (absent: the defaults, no acknowledgement). */
export class ReplySettings {
  orgId!: number;
  templates!: TReplyTemplate[];
  autoAcknowledge!: boolean;
  updatedAt!: Date;
}

export const ReplySettingsSchema = new EntitySchema<ReplySettings>({
  class: ReplySettings,
  tableName: 'crm_reply_settings',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    templates: { type: 'json' },
    autoAcknowledge: { type: 'boolean', default: false },
    updatedAt: updatedAtColumn,
  },
});

export type TFounderReplyStatus = 'pending' | 'sent' | 'failed';

/**
 * One email to a deal's founder: a member's reply (sent at once) or an automatic acknowledgement (queued in the
 * deal's transaction, sent by the founder-acknowledgements schedule). `acknowledgedOn` is set on automatic ones
 * only: the unique (org, address, day) makes "at most one per founder address per day" hold across replicas.
 */
export class FounderReply {
  id!: number;
  orgId!: number;
  dealId!: number;
  toEmail!: string;
  template!: string | null;
  subject!: string;
  body!: string;
  /** The founder's Message-ID it answers (In-Reply-To, References), or null. */
  inReplyTo!: string | null;
  /** The member who sent it (Reply-To their address); null: the automatic acknowledgement. */
  sentBy!: number | null;
  replyTo!: string | null;
  acknowledgedOn!: string | null;
  status!: TFounderReplyStatus;
  attempts!: number;
  /** A pending acknowledgement is sent from then on (later after each failed attempt). */
  nextAttemptAt!: Date;
  lastError!: string | null;
  createdAt!: Date;
  sentAt!: Date | null;
}

export const FounderReplySchema = new EntitySchema<FounderReply>({
  class: FounderReply,
  tableName: 'crm_founder_reply',
  indexes: [{ properties: ['status', 'nextAttemptAt'] }, { properties: ['orgId', 'dealId'] }],
  uniques: [
    { properties: ['orgId', 'toEmail', 'acknowledgedOn'], name: 'crm_founder_reply_one_ack_per_day_unique' },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    dealId: { type: 'integer' },
    /** Lower-cased; an address is at most 320 characters. */
    toEmail: { type: 'string', length: 320 },
    template: { type: 'string', length: 16, nullable: true },
    subject: { type: 'string', length: 200 },
    body: { type: 'text' },
    inReplyTo: { type: 'text', nullable: true },
    sentBy: { type: 'integer', nullable: true },
    replyTo: { type: 'string', length: 320, nullable: true },
    acknowledgedOn: { type: 'date', nullable: true },
    status: { type: 'string', length: 16 },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'datetime' },
    lastError: { type: 'text', nullable: true },
    createdAt: createdAtColumn,
    sentAt: { type: 'datetime', nullable: true },
  },
});

import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';
import { belongsTo } from './columns.js';

/** A sender address or a whole domain whose mail the organization's intake refuses ("not a deck", issue 22). */
export interface BlockedSender {
  id: number;
  orgId: number;
  kind: 'sender' | 'domain';
  /** The address or the domain, lower-cased. */
  value: string;
  /** The member who blocked it. */
  createdBy: number | null;
  createdAt: Date;
}

export const BlockedSenderSchema = new EntitySchema<BlockedSender>({
  name: 'BlockedSender',
  tableName: 'blocked_senders',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: belongsTo('blocked_senders', 'Organization', 'org_id'),
    kind: { type: 'text' },
    value: { type: 'text' },
    createdBy: { type: 'integer', fieldName: 'created_by', nullable: true },
    createdAt: createdAtColumn,
  },
  uniques: [{ name: 'blocked_senders_org_kind_value', properties: ['orgId', 'kind', 'value'] }],
});

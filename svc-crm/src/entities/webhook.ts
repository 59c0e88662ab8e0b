import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '@dealflow/service-kit';

/**
 * A customer's webhook endpoint (issue 23 item 5, Pro): the organization's events it asked for are POSTed to
 * `url`, signed with its own secret (`whsec_...`, sealed with CRM_ENCRYPTION_KEY, the endpoint's organization
 * bound as associated data).
 */
export class WebhookEndpoint {
  id!: number;
  orgId!: number;
  url!: string;
  description!: string | null;
  events!: string[];
  enabled!: boolean;
  secretSealed!: string;
  createdBy!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'crm_webhook_endpoint',
  indexes: [{ properties: ['orgId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    url: { type: 'text' },
    description: { type: 'string', length: 200, nullable: true },
    events: { type: 'text[]' },
    enabled: { type: 'boolean', default: true },
    secretSealed: { type: 'text' },
    createdBy: { type: 'integer' },
    createdAt: createdAtColumn,
    updatedAt: updatedAtColumn,
  },
});

/**
 * One event for one endpoint, outbox style: written in the transaction of the change it tells, sent by the
 * `webhook-deliveries` schedule with backoff until a 2xx (delivered) or the last attempt (failed).
 */
export class WebhookDelivery {
  id!: number;
  orgId!: number;
  endpointId!: number;
  /** The `webhook-id` header (`msg_...`): the same on every attempt, for the receiver's de-duplication. */
  messageId!: string;
  eventType!: string;
  /** The JSON body as sent: `{ type, timestamp, data }`. */
  payload!: string;
  status!: 'pending' | 'delivered' | 'failed';
  attempts!: number;
  nextAttemptAt!: Date | null;
  lastStatusCode!: number | null;
  lastError!: string | null;
  deliveredAt!: Date | null;
  createdAt!: Date;
}

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  class: WebhookDelivery,
  tableName: 'crm_webhook_delivery',
  indexes: [{ properties: ['endpointId', 'id'] }, { properties: ['status', 'nextAttemptAt'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    endpointId: { type: 'integer' },
    messageId: { type: 'string', length: 64, unique: true },
    eventType: { type: 'string', length: 64 },
    payload: { type: 'text' },
    status: { type: 'string', length: 16, default: 'pending' },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastStatusCode: { type: 'integer', nullable: true },
    lastError: { type: 'text', nullable: true },
    deliveredAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: createdAtColumn,
  },
});

import { EntitySchema } from '@mikro-orm/core';

/** A provider's one-time webhook token already accepted (Mailgun's `token`): a replay is refused. */
export interface WebhookToken {
  token: string;
  seenAt: Date;
}

export const WebhookTokenSchema = new EntitySchema<WebhookToken>({
  name: 'WebhookToken',
  tableName: 'webhook_tokens',
  properties: {
    token: { type: 'text', primary: true },
    seenAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'seen_at' },
  },
});

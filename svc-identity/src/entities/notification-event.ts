import { EntitySchema } from '@mikro-orm/core';
import { foreignKey } from '@dealflow/service-kit';

/**
 * What the members' notification emails are about: a deck completed or failed, a deal created (from ingest's
 * and crm's events), and `digest_sent` for each week's digest. One row per (organization, kind, ref): an event
 * delivered twice, or announced again after a retry, notifies once; the weekly digest counts these rows.
 */
export type TNotificationEventKind = 'deck_completed' | 'deck_failed' | 'deal_created' | 'digest_sent';

export interface INotificationEvent {
  id: number;
  organizationId: number;
  kind: TNotificationEventKind;
  /** The email id for decks, the deal id for deals, the week's Monday (YYYY-MM-DD) for digests. */
  ref: string;
  companyName: string | null;
  detail: string | null;
  occurredAt: Date;
}

export const NotificationEventSchema = new EntitySchema<INotificationEvent>({
  name: 'NotificationEvent',
  tableName: 'notification_events',
  uniques: [
    { name: 'notification_events_org_kind_ref_unique', properties: ['organizationId', 'kind', 'ref'] },
  ],
  indexes: [{ name: 'notification_events_org_occurred_index', properties: ['organizationId', 'occurredAt'] }],
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    organizationId: foreignKey('Organization', 'notification_events', 'organization_id', 'cascade'),
    kind: { type: 'string', length: 32 },
    ref: { type: 'string', length: 64 },
    companyName: { type: 'string', length: 255, nullable: true },
    detail: { type: 'string', length: 500, nullable: true },
    occurredAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

import { EntitySchema } from '@mikro-orm/core';

export type TActivityType =
  | 'sign_in'
  | 'sign_out'
  | 'password_changed'
  | 'password_reset'
  | 'invitation_sent'
  | 'invitation_revoked'
  | 'invitation_role_changed'
  | 'invitation_accepted'
  | 'member_role_changed'
  | 'member_removed'
  | 'organization_created'
  | 'organization_updated';

export interface IActivityLog {
  id: number;
  userId: number | null;
  organizationId: number;
  activityType: TActivityType;
  description: string;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

export const ActivityLogSchema = new EntitySchema<IActivityLog>({
  name: 'ActivityLog',
  tableName: 'activity_logs',
  indexes: [{ name: 'activity_logs_organization_id_index', properties: ['organizationId', 'createdAt'] }],
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: {
      kind: 'm:1',
      entity: 'User',
      mapToPk: true,
      fieldName: 'user_id',
      foreignKeyName: 'activity_logs_user_id_fkey',
      deleteRule: 'set null',
      updateRule: 'no action',
      nullable: true,
    },
    organizationId: {
      kind: 'm:1',
      entity: 'Organization',
      mapToPk: true,
      fieldName: 'organization_id',
      foreignKeyName: 'activity_logs_organization_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
    },
    activityType: { type: 'string', length: 64 },
    description: { type: 'string', length: 500 },
    metadata: { type: 'json', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});

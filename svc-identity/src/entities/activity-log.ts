import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';

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
    userId: foreignKey('User', 'activity_logs', 'user_id', 'set null'),
    organizationId: foreignKey('Organization', 'activity_logs', 'organization_id', 'cascade'),
    activityType: { type: 'string', length: 64 },
    description: { type: 'string', length: 500 },
    metadata: { type: 'json', nullable: true },
    createdAt: createdAtColumn,
  },
});

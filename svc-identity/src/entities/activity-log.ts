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
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: { type: 'number', nullable: true },
    organizationId: { type: 'number' },
    activityType: { type: 'string' },
    description: { type: 'string' },
    metadata: { type: 'json', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

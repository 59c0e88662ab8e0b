import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';
import type { TActivityAction } from '@dealflow/contracts';

/** The kinds of activity (packages/contracts/src/activity.ts lists them with their category and label). */
export type TActivityType = TActivityAction;

export interface IActivityLog {
  id: number;
  /** The actor's account (null for the system, e.g. billing's renewals, or once the account is deleted). */
  userId: number | null;
  /** The actor's name and email when it happened: the entry stays readable after a rename or deletion. */
  actorName: string | null;
  actorEmail: string | null;
  organizationId: number;
  activityType: TActivityType;
  /** What was acted on: e.g. `user` 12 "Ada <ada@x.com>", `invitation` 4, `organization` 3. */
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  description: string;
  /** Details (JSON): never a password, token or key. */
  metadata: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  /** When it happened (an event from another service: its occurredAt). */
  createdAt: Date;
}

export const ActivityLogSchema = new EntitySchema<IActivityLog>({
  name: 'ActivityLog',
  tableName: 'activity_logs',
  // The Activity page reads one organization newest first, filtered by member or by action (its category's
  // actions), always with the (created_at, id) keyset of the cursor.
  indexes: [
    { name: 'activity_logs_organization_id_index', properties: ['organizationId', 'createdAt', 'id'] },
    { name: 'activity_logs_org_user_index', properties: ['organizationId', 'userId', 'createdAt'] },
    { name: 'activity_logs_org_type_index', properties: ['organizationId', 'activityType', 'createdAt'] },
  ],
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: foreignKey('User', 'activity_logs', 'user_id', 'set null'),
    actorName: { type: 'string', length: 100, nullable: true },
    actorEmail: { type: 'string', length: 255, nullable: true },
    // Not a foreign key: the audit trail outlives the organization (its deletion is the last entry), for
    // support and disputes; nothing reads it once the organization is gone (the page is the owner's).
    organizationId: { type: 'number', fieldName: 'organization_id' },
    activityType: { type: 'string', length: 64 },
    targetType: { type: 'string', length: 32, nullable: true },
    targetId: { type: 'string', length: 64, nullable: true },
    targetLabel: { type: 'string', length: 300, nullable: true },
    description: { type: 'string', length: 500 },
    metadata: { type: 'json', nullable: true },
    ip: { type: 'string', length: 64, nullable: true },
    userAgent: { type: 'string', length: 500, nullable: true },
    createdAt: createdAtColumn,
  },
});

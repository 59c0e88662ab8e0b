import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn, foreignKey, updatedAtColumn } from '@dealflow/service-kit';
import type { TSupportStatus } from '@dealflow/contracts';
import type { TSupportTier } from '@dealflow/contracts/plans';

/** A request sent with the Help menu's support form (issue 20 item 9): reference `SR-` + the id on 6 digits. */
export interface ISupportRequest {
  id: number;
  organizationId: number;
  /** The sender's account (null once deleted); their name and address when sent stay for the answer. */
  userId: number | null;
  requesterName: string;
  requesterEmail: string;
  /** The plan's support tier when it was sent (SUPPORT_PROMISES) and whether it went out as priority. */
  tier: TSupportTier;
  priority: boolean;
  subject: string;
  message: string;
  status: TSupportStatus;
  createdAt: Date;
  updatedAt: Date;
}

export const SupportRequestSchema = new EntitySchema<ISupportRequest>({
  name: 'SupportRequest',
  tableName: 'support_requests',
  // The Help page lists one organization's requests newest first; the throttle counts one person's last hour.
  indexes: [
    { name: 'support_requests_organization_id_index', properties: ['organizationId', 'createdAt'] },
    { name: 'support_requests_user_id_index', properties: ['userId', 'createdAt'] },
  ],
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    organizationId: foreignKey('Organization', 'support_requests', 'organization_id', 'cascade'),
    userId: foreignKey('User', 'support_requests', 'user_id', 'set null'),
    requesterName: { type: 'string', length: 100 },
    requesterEmail: { type: 'string', length: 255 },
    // Checked by the contract; not enum columns (MikroORM 6's generator writes those as text).
    tier: { type: 'string', columnType: 'varchar(8)' },
    priority: { type: 'boolean' },
    subject: { type: 'string', length: 150 },
    message: { type: 'text' },
    status: { type: 'string', columnType: 'varchar(12)', default: 'open' },
    createdAt: createdAtColumn,
    updatedAt: updatedAtColumn,
  },
});

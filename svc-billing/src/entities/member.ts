import { EntitySchema } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';

/** Read model of identity's members: seat counts and the names on the usage table. */
export interface BillingMember {
  userId: number;
  orgId: number;
  email: string;
  name: string;
  role: TRole;
  joinedAt: Date;
}

export const MemberSchema = new EntitySchema<BillingMember>({
  name: 'BillingMember',
  tableName: 'members',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    orgId: { type: 'integer', index: 'members_org_id_idx' },
    email: { type: 'text' },
    name: { type: 'text' },
    role: { type: 'text', default: 'member' },
    joinedAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' },
  },
});

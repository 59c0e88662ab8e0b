import { EntitySchema } from '@mikro-orm/core';
import { belongsTo } from './columns.js';

/** Members of an organization (from identity events): a deck is counted against the member who forwarded it. */
export interface Member {
  orgId: number;
  userId: number;
  email: string;
  name: string;
  role: string;
}

export const MemberSchema = new EntitySchema<Member>({
  name: 'Member',
  tableName: 'members',
  properties: {
    orgId: { ...belongsTo('members', 'Organization', 'org_id'), primary: true },
    userId: { type: 'integer', fieldName: 'user_id', primary: true, autoincrement: false },
    email: { type: 'text' },
    name: { type: 'text' },
    role: { type: 'text' },
  },
  indexes: [{ name: 'members_email', expression: 'CREATE INDEX members_email ON members (lower(email))' }],
});

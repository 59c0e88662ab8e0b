import { EntitySchema } from '@mikro-orm/core';

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
    orgId: { type: 'number', fieldName: 'org_id', primary: true },
    userId: { type: 'number', fieldName: 'user_id', primary: true },
    email: { type: 'text' },
    name: { type: 'text' },
    role: { type: 'text' },
  },
});

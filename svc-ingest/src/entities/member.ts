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
    orgId: {
      kind: 'm:1',
      entity: () => 'Organization',
      fieldName: 'org_id',
      primary: true,
      mapToPk: true,
      deleteRule: 'cascade',
      // The names and rules of the first, hand-written migration: databases that ran it still agree.
      updateRule: 'no action',
      foreignKeyName: 'members_org_id_fkey',
    },
    userId: { type: 'integer', fieldName: 'user_id', primary: true, autoincrement: false },
    email: { type: 'text' },
    name: { type: 'text' },
    role: { type: 'text' },
  },
  indexes: [{ name: 'members_email', expression: 'CREATE INDEX members_email ON members (lower(email))' }],
});

import { EntitySchema } from '@mikro-orm/core';

/** The organization's members, kept from identity.member.added/removed: who may own a deal. */
export class Member {
  orgId!: number;
  userId!: number;
  name!: string;
}

export const MemberSchema = new EntitySchema<Member>({
  class: Member,
  tableName: 'crm_member',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    userId: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'string', length: 200 },
  },
});

import { EntitySchema } from '@mikro-orm/core';

/**
 * A deleted account billing must not learn about again: its id only. A member event of that person parked for
 * retry (or late) before identity.user.deleted would otherwise bring their name and address back after it.
 */
export interface ForgottenUser {
  userId: number;
  forgottenAt: Date;
}

export const ForgottenUserSchema = new EntitySchema<ForgottenUser>({
  name: 'ForgottenUser',
  tableName: 'forgotten_users',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    forgottenAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' },
  },
});

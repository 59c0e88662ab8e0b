import { EntitySchema } from '@mikro-orm/core';

export interface IPasswordResetToken {
  id: number;
  userId: number;
  /** sha256 of the emailed token (hex). */
  tokenHash: string;
  expiresAt: Date;
  used: boolean;
  createdAt: Date;
}

export const PasswordResetTokenSchema = new EntitySchema<IPasswordResetToken>({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: {
      kind: 'm:1',
      entity: 'User',
      mapToPk: true,
      fieldName: 'user_id',
      foreignKeyName: 'password_reset_tokens_user_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
    },
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    used: { type: 'boolean', default: false },
    createdAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});

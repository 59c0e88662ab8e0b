import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';

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
    userId: foreignKey('User', 'password_reset_tokens', 'user_id', 'cascade'),
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    used: { type: 'boolean', default: false },
    createdAt: createdAtColumn,
  },
});

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
    userId: { type: 'number' },
    tokenHash: { type: 'string', unique: true },
    expiresAt: { type: 'Date' },
    used: { type: 'boolean', default: false },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

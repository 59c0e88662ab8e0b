import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';

/**
 * An emailed link that proves an address: `verify` (the account's own address, after registration or on
 * "Resend") or `change` (a new address the user asked to move to; the account's email changes only when this
 * link is followed). Single use, 1 hour, only the sha256 of the token is stored.
 */
export interface IEmailVerificationToken {
  id: number;
  userId: number;
  /** sha256 of the emailed token (hex). */
  tokenHash: string;
  purpose: 'verify' | 'change';
  /** The address the link was sent to, and the one it proves. */
  email: string;
  expiresAt: Date;
  /** Set when followed, withdrawn or replaced by a newer link: the token is spent. */
  usedAt: Date | null;
  createdAt: Date;
}

export const EmailVerificationTokenSchema = new EntitySchema<IEmailVerificationToken>({
  name: 'EmailVerificationToken',
  tableName: 'email_verification_tokens',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    userId: foreignKey('User', 'email_verification_tokens', 'user_id', 'cascade', {
      index: 'email_verification_tokens_user_id_index',
    }),
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    purpose: { type: 'string', length: 16 },
    email: { type: 'string', length: 254 },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: createdAtColumn,
  },
});

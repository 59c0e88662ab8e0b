import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';
import { roleColumn } from './columns.js';
import type { TRole } from '@dealflow/contracts';

export interface IUser {
  id: number;
  email: string;
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  passwordHash: string | null;
  name: string;
  profilePicture: string | null;
  googleId: string | null;
  /**
   * When the email address was proven to belong to the user (Google's verified email, an invitation link
   * followed, or a verification link). Null: unverified; Google sign-in never links to such an account.
   */
  emailVerifiedAt: Date | null;
  organizationId: number | null;
  role: TRole;
  digitalProductAccess: boolean;
  stripeCheckoutId: string | null;
  purchaseDate: Date | null;
  createdAt: Date;
}

export const UserSchema = new EntitySchema<IUser>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    email: { type: 'string', length: 254, unique: true },
    passwordHash: { type: 'string', length: 255, nullable: true, lazy: false },
    name: { type: 'string', length: 100 },
    profilePicture: { type: 'string', length: 2048, nullable: true },
    googleId: { type: 'string', length: 255, nullable: true, unique: true },
    emailVerifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    organizationId: foreignKey('Organization', 'users', 'organization_id', 'set null', {
      index: 'users_organization_id_index',
    }),
    role: roleColumn,
    digitalProductAccess: { type: 'boolean', default: false },
    stripeCheckoutId: { type: 'string', length: 255, nullable: true },
    purchaseDate: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: createdAtColumn,
  },
});

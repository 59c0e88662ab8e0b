import { EntitySchema } from '@mikro-orm/core';
import type { TRole } from '@dealflow/contracts';

export interface IUser {
  id: number;
  email: string;
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  passwordHash: string | null;
  name: string;
  profilePicture: string | null;
  googleId: string | null;
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
    email: { type: 'string', unique: true },
    passwordHash: { type: 'string', nullable: true, lazy: false },
    name: { type: 'string' },
    profilePicture: { type: 'string', nullable: true },
    googleId: { type: 'string', nullable: true, unique: true },
    organizationId: { type: 'number', nullable: true },
    role: { type: 'string', default: 'member' },
    digitalProductAccess: { type: 'boolean', default: false },
    stripeCheckoutId: { type: 'string', nullable: true },
    purchaseDate: { type: 'Date', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

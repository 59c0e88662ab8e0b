import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';
import { roleColumn } from './columns.js';
import type { TRole } from '@dealflow/contracts';

export type TInvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface IInvitation {
  id: number;
  email: string;
  name: string | null;
  organizationId: number;
  invitedById: number | null;
  /** sha256 of the emailed token (hex). */
  tokenHash: string;
  role: TRole;
  status: TInvitationStatus;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}

export const InvitationSchema = new EntitySchema<IInvitation>({
  name: 'Invitation',
  tableName: 'invitations',
  // One pending invitation per person and organization (a partial unique index).
  indexes: [
    {
      name: 'invitations_pending_unique',
      expression:
        'create unique index "invitations_pending_unique" on "invitations" ("organization_id", "email") where "status" = \'pending\'',
    },
  ],
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    email: { type: 'string', length: 254 },
    name: { type: 'string', length: 100, nullable: true },
    organizationId: foreignKey('Organization', 'invitations', 'organization_id', 'cascade'),
    invitedById: foreignKey('User', 'invitations', 'invited_by_id', 'set null'),
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    role: roleColumn,
    status: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['pending', 'accepted', 'revoked'],
      default: 'pending',
    },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    acceptedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: createdAtColumn,
  },
});

import { EntitySchema } from '@mikro-orm/core';
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
    organizationId: {
      kind: 'm:1',
      entity: 'Organization',
      mapToPk: true,
      fieldName: 'organization_id',
      foreignKeyName: 'invitations_organization_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
    },
    invitedById: {
      kind: 'm:1',
      entity: 'User',
      mapToPk: true,
      fieldName: 'invited_by_id',
      foreignKeyName: 'invitations_invited_by_id_fkey',
      deleteRule: 'set null',
      updateRule: 'no action',
      nullable: true,
    },
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    role: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['owner', 'member'],
      default: 'member',
    },
    status: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['pending', 'accepted', 'revoked'],
      default: 'pending',
    },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    acceptedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});

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
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    email: { type: 'string' },
    name: { type: 'string', nullable: true },
    organizationId: { type: 'number' },
    invitedById: { type: 'number', nullable: true },
    tokenHash: { type: 'string', unique: true },
    role: { type: 'string', default: 'member' },
    status: { type: 'string', default: 'pending' },
    expiresAt: { type: 'Date' },
    acceptedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});

import { EntitySchema } from '@mikro-orm/core';

export interface ISession {
  id: number;
  /** sha256 of the opaque token (hex); the token itself is never stored. */
  tokenHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export const SessionSchema = new EntitySchema<ISession>({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    tokenHash: { type: 'string', unique: true },
    userId: { type: 'number' },
    createdAt: { type: 'Date', onCreate: () => new Date() },
    expiresAt: { type: 'Date' },
    userAgent: { type: 'string', nullable: true },
    ip: { type: 'string', nullable: true },
  },
});

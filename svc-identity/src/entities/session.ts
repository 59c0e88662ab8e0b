import { EntitySchema } from '@mikro-orm/core';
import { foreignKey, createdAtColumn } from '@dealflow/service-kit';

export interface ISession {
  id: number;
  /** sha256 of the opaque token (hex); the token itself is never stored. */
  tokenHash: string;
  userId: number;
  createdAt: Date;
  /** Absolute end of the session (createdAt + SESSION_TTL_DAYS). */
  expiresAt: Date;
  /** Last request seen, to within a minute (the session read moves it on); idle past SESSION_IDLE_MINUTES = ended. */
  lastSeenAt: Date;
  /**
   * `browser`: carried only in the HttpOnly cookie, never accepted as a Bearer. `bearer`: issued to a
   * program for the Authorization header, never accepted from the cookie.
   */
  kind: 'browser' | 'bearer';
  userAgent: string | null;
  ip: string | null;
  /**
   * Opened by a guest checkout's auto-login (POST /internal/sessions with `unverified`): the browser has not
   * proven it holds the account's address until the emailed link is used in it (JWT claim `uv`, issue 20).
   */
  unverified: boolean;
  /** The session's last password check or sign-in (JWT claim `aat`): re-authentication-gated actions read it. */
  authenticatedAt: Date;
}

export const SessionSchema = new EntitySchema<ISession>({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    // char(64): the hot read compares it with a bpchar[] so the unique index serves (session.queries.ts).
    tokenHash: { type: 'string', columnType: 'char(64)', unique: true },
    userId: foreignKey('User', 'sessions', 'user_id', 'cascade', { index: 'sessions_user_id_index' }),
    createdAt: createdAtColumn,
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    lastSeenAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' },
    kind: { type: 'string', length: 16, default: 'browser' },
    userAgent: { type: 'string', length: 512, nullable: true },
    ip: { type: 'string', length: 64, nullable: true },
    unverified: { type: 'boolean', default: false },
    authenticatedAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' },
  },
});

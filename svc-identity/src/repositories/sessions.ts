import type { EntityManager } from '@mikro-orm/core';
import { SessionSchema } from '../entities/session.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';

export interface TSessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** Creates a session and returns the opaque token (shown to the client once, stored only hashed). */
export function createSession(em: EntityManager, userId: number, ttlDays: number, meta: TSessionMeta = {}): { token: string; tokenHash: string } {
  const token = createOpaqueToken();
  const tokenHash = hashToken(token);
  em.create(SessionSchema, {
    tokenHash,
    userId,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
  });
  return { token, tokenHash };
}

export interface TSessionRow {
  sessionId: number;
  tokenHash: string;
  userId: number;
  email: string;
  name: string;
  role: 'owner' | 'member';
  organizationId: number | null;
}

/** The hot path (every API request through the gateway): one query on the unique token_hash index. */
export async function findSessionByTokenHash(em: EntityManager, tokenHash: string): Promise<TSessionRow | null> {
  const rows = await em.getConnection().execute<
    { session_id: number; token_hash: string; user_id: number; email: string; name: string; role: 'owner' | 'member'; organization_id: number | null }[]
  >(
    `select s.id as session_id, s.token_hash, u.id as user_id, u.email, u.name, u.role, u.organization_id
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id,
    tokenHash: row.token_hash,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    organizationId: row.organization_id,
  };
}

export const deleteSessionByTokenHash = (em: EntityManager, tokenHash: string): Promise<number> =>
  em.nativeDelete(SessionSchema, { tokenHash });

/** Ends every session of a user except (optionally) the one making the request. */
export const deleteSessionsOfUser = (em: EntityManager, userId: number, exceptTokenHash?: string): Promise<number> =>
  em.nativeDelete(SessionSchema, exceptTokenHash ? { userId, tokenHash: { $ne: exceptTokenHash } } : { userId });

/** Housekeeping: expired sessions and spent or expired reset tokens (a day after expiry). */
export async function deleteExpiredCredentials(em: EntityManager): Promise<number> {
  const sessions = await em.nativeDelete(SessionSchema, { expiresAt: { $lt: new Date() } });
  const resets: number = await em
    .getConnection()
    .execute(`delete from password_reset_tokens where expires_at < now() - interval '1 day'`, [], 'run')
    .then((r: { affectedRows?: number }) => r.affectedRows ?? 0);
  return sessions + resets;
}

import type { EntityManager } from '@mikro-orm/core';
import { PasswordResetTokenSchema } from '../entities/password-reset-token.js';
import { SessionSchema, type ISession } from '../entities/session.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';

export interface TSessionMeta {
  userAgent?: string | null;
  ip?: string | null;
  /** A guest checkout's auto-login: unverified until the emailed link is used in this browser (issue 20). */
  unverified?: boolean;
}

/** Creates a session and returns the opaque token (shown to the client once, stored only hashed). */
export function createSession(
  em: EntityManager,
  userId: number,
  ttlDays: number,
  meta: TSessionMeta = {},
  kind: 'browser' | 'bearer' = 'browser',
): { token: string; tokenHash: string } {
  const token = createOpaqueToken();
  const tokenHash = hashToken(token);
  em.create(SessionSchema, {
    tokenHash,
    userId,
    createdAt: new Date(),
    lastSeenAt: new Date(),
    kind,
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
    unverified: meta.unverified ?? false,
    // Every session starts at a sign-in (password, Google, two-factor, checkout): it counts as one.
    authenticatedAt: new Date(),
  });
  return { token, tokenHash };
}

/** The session proved the password again (re-authentication, issue 20): claim `aat` moves to now. */
export const markSessionAuthenticated = (em: EntityManager, tokenHash: string): Promise<number> =>
  em.nativeUpdate(SessionSchema, { tokenHash }, { authenticatedAt: new Date() });

/**
 * The account's emailed link was used in this browser: its session (if it is the account's) is verified, and
 * with `authenticated` (a password was just set) counts as freshly signed in. Answers whether it was.
 */
export const verifySessionOfUser = async (
  em: EntityManager,
  userId: number,
  tokenHash: string,
  options: { authenticated: boolean },
): Promise<boolean> =>
  (await em.nativeUpdate(
    SessionSchema,
    { tokenHash, userId },
    options.authenticated ? { unverified: false, authenticatedAt: new Date() } : { unverified: false },
  )) > 0;

export const deleteSessionByTokenHash = (em: EntityManager, tokenHash: string): Promise<number> =>
  em.nativeDelete(SessionSchema, { tokenHash });

/** Ends every session of a user except (optionally) the one making the request. */
export const deleteSessionsOfUser = (
  em: EntityManager,
  userId: number,
  exceptTokenHash?: string,
): Promise<number> =>
  em.nativeDelete(
    SessionSchema,
    exceptTokenHash ? { userId, tokenHash: { $ne: exceptTokenHash } } : { userId },
  );

/** Housekeeping: expired sessions and spent or expired reset tokens (a day after expiry). */
export async function deleteExpiredCredentials(em: EntityManager): Promise<number> {
  const sessions = await em.nativeDelete(SessionSchema, { expiresAt: { $lt: new Date() } });
  const resets = await em.nativeDelete(PasswordResetTokenSchema, {
    expiresAt: { $lt: new Date(Date.now() - 86_400_000) },
  });
  return sessions + resets;
}

/** A user's live sessions (before their absolute end, seen within the idle timeout), last used first. */
export const listLiveSessionsOfUser = (
  em: EntityManager,
  userId: number,
  idleMinutes: number,
): Promise<ISession[]> =>
  em.find(
    SessionSchema,
    {
      userId,
      expiresAt: { $gt: new Date() },
      lastSeenAt: { $gt: new Date(Date.now() - idleMinutes * 60_000) },
    },
    { orderBy: { lastSeenAt: 'desc', id: 'desc' } },
  );

/**
 * Ends one session of a user, found by id AND user: another user's session id matches nothing (the caller
 * learns nothing about it). Answers the ended session's token hash, or null.
 */
export async function deleteSessionOfUser(
  em: EntityManager,
  userId: number,
  sessionId: number,
): Promise<ISession | null> {
  const session = await em.findOne(SessionSchema, { id: sessionId, userId });
  if (!session) return null;
  await em.nativeDelete(SessionSchema, { id: session.id, userId });
  return session;
}

import type { EntityManager } from '@mikro-orm/core';
import type { PreparedStatement, SqlReader } from '@dealflow/service-kit';
import type { TOrganization, TUser } from '@dealflow/contracts';
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

const LIVE_SESSION: PreparedStatement = {
  name: 'identity.live-session',
  text: `select s.id as session_id, s.token_hash, u.id as user_id, u.email, u.name, u.role, u.organization_id
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1 and s.expires_at > now()`,
};

/** The hot path (every API request through the gateway): one prepared query on the unique token_hash index. */
export async function findSessionByTokenHash(sql: SqlReader, tokenHash: string): Promise<TSessionRow | null> {
  const [row] = await sql.rows<{
    session_id: number;
    token_hash: string;
    user_id: number;
    email: string;
    name: string;
    role: 'owner' | 'member';
    organization_id: number | null;
  }>(LIVE_SESSION, [tokenHash]);
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

interface TSessionViewRow {
  id: number;
  name: string;
  email: string;
  role: 'owner' | 'member';
  profile_picture: string | null;
  organization_id: number | null;
  digital_product_access: boolean;
  created_at: Date;
  org_id: number | null;
  org_name: string | null;
  owner_id: number | null;
  plan: TOrganization['plan'] | null;
  billing_cycle: TOrganization['billingCycle'];
  subscription_status: TOrganization['subscriptionStatus'];
  subscription_quantity: number | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  trial_ends_at: Date | null;
  org_created_at: Date | null;
}

const SESSION_VIEW: PreparedStatement = {
  name: 'identity.session-view',
  text: `select u.id, u.name, u.email, u.role, u.profile_picture, u.organization_id, u.digital_product_access, u.created_at,
                o.id as org_id, o.name as org_name, o.owner_id, o.plan, o.billing_cycle, o.subscription_status,
                o.subscription_quantity, o.stripe_customer_id, o.stripe_subscription_id, o.trial_ends_at,
                o.created_at as org_created_at
           from sessions s
           join users u on u.id = s.user_id
           left join organizations o on o.id = u.organization_id
          where s.token_hash = $1 and s.expires_at > now()`,
};

/**
 * GET /api/auth/me in one round trip: the live session's user and organization, already in their wire
 * shape. It is the most frequent call of the product (every page, every 60 s), so it skips the ORM and
 * runs as a prepared statement (parsed and planned once per connection).
 */
export async function findSessionView(
  sql: SqlReader,
  tokenHash: string,
): Promise<{ user: TUser; organization: TOrganization | null } | null> {
  const [row] = await sql.rows<TSessionViewRow>(SESSION_VIEW, [tokenHash]);
  if (!row) return null;
  const user: TUser = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profilePicture: row.profile_picture,
    organizationId: row.organization_id,
    digitalProductAccess: row.digital_product_access,
    createdAt: new Date(row.created_at).toISOString(),
  };
  const organization: TOrganization | null =
    row.org_id === null
      ? null
      : {
          id: row.org_id,
          name: row.org_name ?? '',
          ownerId: row.owner_id ?? 0,
          plan: row.plan ?? 'free',
          billingCycle: row.billing_cycle,
          subscriptionStatus: row.subscription_status,
          subscriptionQuantity: row.subscription_quantity ?? 1,
          stripeCustomerId: row.stripe_customer_id,
          stripeSubscriptionId: row.stripe_subscription_id,
          trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at).toISOString() : null,
          createdAt: new Date(row.org_created_at ?? row.created_at).toISOString(),
        };
  return { user, organization };
}

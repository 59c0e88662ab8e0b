import DataLoader from 'dataloader';
import type { PreparedStatement, SqlReader } from '@dealflow/service-kit';
import type { TOrganization, TUser } from '@dealflow/contracts';

/**
 * The session read on every request's path (GET /api/auth/me, the gateway's introspection, the actor of
 * each identity route), in hand-written SQL because the benchmark showed the need: through the ORM,
 * /api/auth/me served 3.3k req/s, 3.9% of the hello-world server on the same machine (PostgreSQL re-planned
 * the inlined query every time); as this named prepared statement on the kit's small pg pool (SqlReader),
 * batched with DataLoader, ~11k req/s, 12-13% of hello world (target >= 10%; root README "How GET
 * /api/auth/me went from..."). Everything else about sessions is in session.repository.ts (MikroORM).
 */

/** One live session with its user and organization, as LIVE_SESSIONS returns it. */
export interface TLiveSessionRow {
  token_hash: string;
  session_id: number;
  /** 'browser' (cookie only) or 'bearer' (Authorization only). */
  kind: 'browser' | 'bearer';
  /** Opened by a guest checkout's auto-login and not yet verified by the emailed link (claim `uv`). */
  unverified: boolean;
  /** The session's last password check or sign-in (claim `aat`). */
  authenticated_at: string;
  id: number;
  name: string;
  email: string;
  role: 'owner' | 'member';
  profile_picture: string | null;
  organization_id: number | null;
  digital_product_access: boolean;
  email_verified_at: string | null;
  created_at: string;
  org_id: number | null;
  org_name: string | null;
  owner_id: number | null;
  plan: TOrganization['plan'] | null;
  billing_cycle: TOrganization['billingCycle'];
  subscription_status: TOrganization['subscriptionStatus'];
  subscription_quantity: number | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  trial_ends_at: string | null;
  org_created_at: string | null;
  /** The organization requires two-factor sign-in (null without an organization). */
  require_two_factor: boolean | null;
  /** The user has a confirmed authenticator. */
  two_factor_enabled: boolean;
}

/** Required by the organization and not set up: only /me, logout and the enrolment routes answer. */
export const isTwoFactorEnrolmentPending = (row: TLiveSessionRow): boolean =>
  row.require_two_factor === true && !row.two_factor_enabled;

/**
 * The live sessions among the given token hashes, with their user and organization: one index probe each.
 * token_hash is char(64): the array must be bpchar[] too, or PostgreSQL casts the column to text and can no
 * longer use its unique index (a sequential scan of every session; sessions.test.ts checks the plan).
 * Live = before its absolute expiry and seen within the idle timeout ($2, seconds). The same statement
 * moves last_seen_at on for the sessions it found whose mark is over a minute old: no second round trip,
 * and no write at all for a session in steady use (one row update per session per minute at most).
 */
export const LIVE_SESSIONS: PreparedStatement = {
  name: 'identity.live-sessions',
  text: `with live as (
         select s.token_hash, s.id as session_id, s.kind, s.last_seen_at, s.unverified, s.authenticated_at,
                u.id, u.name, u.email, u.role, u.profile_picture, u.organization_id, u.digital_product_access, u.email_verified_at,
                u.created_at,
                o.id as org_id, o.name as org_name, o.owner_id, o.plan, o.billing_cycle, o.subscription_status,
                o.subscription_quantity, o.stripe_customer_id, o.stripe_subscription_id, o.trial_ends_at,
                o.created_at as org_created_at, o.require_two_factor,
                exists (select 1 from two_factor_credentials c
                         where c.user_id = u.id and c.confirmed_at is not null) as two_factor_enabled
           from sessions s
           join users u on u.id = s.user_id
           left join organizations o on o.id = u.organization_id
          where s.token_hash = any($1::bpchar[]) and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(secs => $2::int)
       ), touched as (
         update sessions t set last_seen_at = now()
           from live
          where t.id = live.session_id and live.last_seen_at < now() - interval '1 minute'
       )
       select * from live`,
};

export interface TSessionView {
  user: TUser;
  organization: TOrganization | null;
  twoFactorEnrolmentRequired?: boolean;
}

/**
 * Skips the ORM: one prepared statement (parsed and planned once per connection), and the lookups of
 * requests that arrive in the same turn of the event loop go to PostgreSQL as one query (DataLoader, no
 * caching: every request sees the database's current state). Under load that is several requests per
 * round trip; alone, a request waits for nothing.
 */
export interface TSessionReader {
  /** The live session with its user and organization, or null. */
  live(tokenHash: string): Promise<TLiveSessionRow | null>;
}

export function createSessionReader(sql: SqlReader, session: { idleMinutes: number }): TSessionReader {
  const idleSeconds = session.idleMinutes * 60;
  const loader = new DataLoader<string, TLiveSessionRow | null>(
    async (hashes) => {
      const rows = await sql.rows<TLiveSessionRow>(LIVE_SESSIONS, [hashes, idleSeconds]);
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      return hashes.map((hash) => byHash.get(hash) ?? null);
    },
    // setImmediate: gather every request read in this poll phase, not only those of one socket's callback.
    { cache: false, maxBatchSize: 100, batchScheduleFn: (callback) => setImmediate(callback) },
  );
  return { live: (tokenHash) => loader.load(tokenHash) };
}

/** The user and organization of a live session in their wire shape (GET /api/auth/me). */
export function toSessionView(row: TLiveSessionRow): TSessionView {
  const user: TUser = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profilePicture: row.profile_picture,
    organizationId: row.organization_id,
    digitalProductAccess: row.digital_product_access,
    emailVerified: row.email_verified_at !== null,
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
  return isTwoFactorEnrolmentPending(row)
    ? { user, organization, twoFactorEnrolmentRequired: true }
    : { user, organization };
}

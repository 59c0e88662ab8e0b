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
  id: number;
  name: string;
  email: string;
  role: 'owner' | 'member';
  profile_picture: string | null;
  organization_id: number | null;
  digital_product_access: boolean;
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
}

/**
 * The live sessions among the given token hashes, with their user and organization: one index probe each.
 * token_hash is char(64): the array must be bpchar[] too, or PostgreSQL casts the column to text and can no
 * longer use its unique index (a sequential scan of every session; sessions.test.ts checks the plan).
 */
export const LIVE_SESSIONS: PreparedStatement = {
  name: 'identity.live-sessions',
  text: `select s.token_hash, s.id as session_id,
                u.id, u.name, u.email, u.role, u.profile_picture, u.organization_id, u.digital_product_access, u.created_at,
                o.id as org_id, o.name as org_name, o.owner_id, o.plan, o.billing_cycle, o.subscription_status,
                o.subscription_quantity, o.stripe_customer_id, o.stripe_subscription_id, o.trial_ends_at,
                o.created_at as org_created_at
           from sessions s
           join users u on u.id = s.user_id
           left join organizations o on o.id = u.organization_id
          where s.token_hash = any($1::bpchar[]) and s.expires_at > now()`,
};

export interface TSessionView {
  user: TUser;
  organization: TOrganization | null;
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

export function createSessionReader(sql: SqlReader): TSessionReader {
  const loader = new DataLoader<string, TLiveSessionRow | null>(
    async (hashes) => {
      const rows = await sql.rows<TLiveSessionRow>(LIVE_SESSIONS, [hashes]);
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

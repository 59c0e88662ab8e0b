import type { EntityManager } from '@mikro-orm/core';
import type { TApiKeyScope, TPlan, TSubscriptionStatus } from '@dealflow/contracts';

/*
 * The two statements on every API-key request, hand-written: the lookup joins the organization's plan in one
 * round trip (introspection answers the gateway from it), and the last-used write is conditional in SQL so that
 * at most one write per key per minute happens without reading the row first.
 */

/** What introspection needs about a presented key: the row and its organization's plan. */
export interface TApiKeyCredential {
  id: number;
  public_id: string;
  organization_id: number;
  name: string;
  scope: TApiKeyScope;
  secret_hash: string;
  created_by_id: number | null;
  /** Whom the key acts for: its creator, or the organization's owner when the creator is gone. */
  acting_user_id: number;
  revoked_at: Date | null;
  last_used_at: Date | null;
  plan: TPlan;
  subscription_status: TSubscriptionStatus | null;
}

export async function findApiKeyCredential(
  em: EntityManager,
  publicId: string,
): Promise<TApiKeyCredential | null> {
  const rows = await em.getConnection().execute<TApiKeyCredential[]>(
    `select k.id, k.public_id, k.organization_id, k.name, k.scope, k.secret_hash, k.created_by_id,
            coalesce(k.created_by_id, o.owner_id) as acting_user_id, k.revoked_at,
            k.last_used_at, o.plan, o.subscription_status
       from api_keys k join organizations o on o.id = k.organization_id
      where k.public_id = ?`,
    [publicId],
  );
  return rows[0] ?? null;
}

/** Sets last_used_at unless it was set in the last minute; true when it wrote (one write per key per minute). */
export async function touchApiKey(em: EntityManager, id: number): Promise<boolean> {
  const result = await em.getConnection().execute(
    `update api_keys set last_used_at = now()
      where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [id],
    'run',
  );
  return ((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}

/** How many addresses a key remembers; past that a new address is no longer recorded (nor logged). */
export const API_KEY_ADDRESSES_KEPT = 1000;

/**
 * Adds `ip` to the key's seen addresses when it is new, in one conditional statement (nothing is written for
 * a known address). Answers null when the address was known (or the list is full), else how many addresses
 * the key has now: 1 is the key's first use.
 */
export async function rememberApiKeyAddress(
  em: EntityManager,
  id: number,
  ip: string,
): Promise<number | null> {
  const rows = await em.getConnection().execute<Array<{ seen: number }>>(
    `update api_keys set seen_ips = array_append(seen_ips, ?::text)
      where id = ? and not (?::text = any(seen_ips)) and cardinality(seen_ips) < ?
      returning cardinality(seen_ips) as seen`,
    [ip, id, ip, API_KEY_ADDRESSES_KEPT],
  );
  return rows[0]?.seen ?? null;
}

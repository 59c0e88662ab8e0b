import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TPlan } from '@dealflow/contracts';
import { OrganizationSchema, type Organization } from '../entities/organization.js';
import { sql } from './sql.js';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '') || 'org';

export const inboundAddress = (org: Pick<Organization, 'slug' | 'inboundToken'>, domain: string) =>
  `${org.slug}-${org.inboundToken}@${domain}`;

/**
 * Creates the organization's read-model row with its inbound address token and webhook secret, or
 * updates its name/owner. Events of different topics are not ordered, so any of them may create it first.
 */
export async function upsertOrganization(
  em: EntityManager,
  input: { id: number; name?: string; ownerId?: number | null },
) {
  const name = input.name ?? `Organization ${input.id}`;
  await sql(
    em,
    `INSERT INTO organizations (id, name, slug, inbound_token, webhook_secret, owner_id) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET
       name = CASE WHEN ? THEN EXCLUDED.name ELSE organizations.name END,
       slug = CASE WHEN ? THEN EXCLUDED.slug ELSE organizations.slug END,
       owner_id = COALESCE(EXCLUDED.owner_id, organizations.owner_id)`,
    [
      input.id,
      name,
      slugify(name),
      randomBytes(6).toString('hex'),
      randomBytes(32).toString('base64url'),
      input.ownerId ?? null,
      input.name !== undefined,
      input.name !== undefined,
    ],
  );
}

export const findOrganization = (em: EntityManager, id: number) => em.findOne(OrganizationSchema, { id });

export const findOrganizationByToken = (em: EntityManager, token: string) =>
  em.findOne(OrganizationSchema, { inboundToken: token });

/** Locks the organization row: deck allowance checks of one organization happen one at a time. */
export async function lockOrganization(em: EntityManager, id: number) {
  const rows = await sql<{
    id: number;
    plan: TPlan;
    monthly_deck_limit: number | null;
    owner_id: number | null;
  }>(em, 'SELECT id, plan, monthly_deck_limit, owner_id FROM organizations WHERE id = ? FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function updateSubscription(
  em: EntityManager,
  id: number,
  plan: TPlan,
  status: string,
  monthlyDeckLimit: number,
) {
  await sql(
    em,
    'UPDATE organizations SET plan = ?, subscription_status = ?, monthly_deck_limit = ? WHERE id = ?',
    [plan, status, monthlyDeckLimit, id],
  );
}

export async function deleteOrganization(em: EntityManager, id: number) {
  await sql(em, 'DELETE FROM organizations WHERE id = ?', [id]);
}

export async function upsertMember(
  em: EntityManager,
  m: { orgId: number; userId: number; email: string; name: string; role: string },
) {
  await sql(
    em,
    `INSERT INTO members (org_id, user_id, email, name, role) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (org_id, user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, role = EXCLUDED.role`,
    [m.orgId, m.userId, m.email, m.name, m.role],
  );
}

export async function deleteMember(em: EntityManager, orgId: number, userId: number) {
  await sql(em, 'DELETE FROM members WHERE org_id = ? AND user_id = ?', [orgId, userId]);
  await sql(em, 'UPDATE emails SET user_id = NULL WHERE org_id = ? AND user_id = ?', [orgId, userId]);
}

export async function deleteUserEverywhere(em: EntityManager, userId: number) {
  await sql(em, 'DELETE FROM members WHERE user_id = ?', [userId]);
  await sql(em, 'UPDATE emails SET user_id = NULL WHERE user_id = ?', [userId]);
  await sql(em, 'UPDATE organizations SET owner_id = NULL WHERE owner_id = ?', [userId]);
}

/** The member a deck counts against: whoever forwarded or sent it, else the owner. */
export async function findMemberIdByEmail(
  em: EntityManager,
  orgId: number,
  emails: string[],
): Promise<number | null> {
  const wanted = emails.filter(Boolean).map((e) => e.toLowerCase());
  if (wanted.length === 0) return null;
  const rows = await sql<{ user_id: number }>(
    em,
    `SELECT user_id FROM members WHERE org_id = ? AND lower(email) IN (${wanted.map(() => '?').join(', ')}) LIMIT 1`,
    [orgId, ...wanted],
  );
  return rows[0]?.user_id ?? null;
}

import type { EntityManager } from '@mikro-orm/core';
import {
  AccountingContactSchema,
  AccountingSyncRunSchema,
  type AccountingSyncRun,
} from '../entities/accounting-sync.js';

const run = <T>(em: EntityManager, query: string, params: unknown[]) =>
  em.getConnection().execute(query, params as never[], 'all', em.getTransactionContext()) as Promise<T[]>;

export interface TCompanyWithDeal {
  key: string;
  name: string;
  website: string | null;
  contactName: string | null;
  contactEmail: string | null;
}

/** The organization's companies that have a CRM deal (one per name, the latest record's details). */
export async function findCompaniesWithDeals(em: EntityManager, orgId: number): Promise<TCompanyWithDeal[]> {
  const rows = await run<{
    key: string;
    name: string;
    website: string | null;
    contact_name: string | null;
    contact_email: string | null;
  }>(
    em,
    `SELECT DISTINCT ON (lower(btrim(company_name))) lower(btrim(company_name)) AS key, btrim(company_name) AS name,
            extracted_data->>'website' AS website,
            extracted_data->'contactInfo'->>'name' AS contact_name,
            extracted_data->'contactInfo'->>'email' AS contact_email
       FROM emails
      WHERE org_id = ? AND deal_id IS NOT NULL AND btrim(coalesce(company_name, '')) <> ''
      ORDER BY lower(btrim(company_name)), processed_at DESC NULLS LAST, id DESC`,
    [orgId],
  );
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    website: r.website,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
  }));
}

export async function findContactIds(em: EntityManager, orgId: number) {
  const links = await em.find(AccountingContactSchema, { orgId });
  return new Map(links.map((l) => [l.companyKey, l.contactId]));
}

export async function saveContactIds(em: EntityManager, orgId: number, ids: Map<string, string>) {
  for (const [companyKey, contactId] of ids)
    await em.upsert(AccountingContactSchema, { orgId, companyKey, contactId, syncedAt: new Date() });
}

export function startSyncRun(em: EntityManager, orgId: number, trigger: AccountingSyncRun['trigger']) {
  const entry = em.create(AccountingSyncRunSchema, {
    orgId,
    trigger,
    status: 'running',
    created: 0,
    updated: 0,
    failed: 0,
    error: null,
    startedAt: new Date(),
    finishedAt: null,
  });
  em.persist(entry);
  return entry;
}

/** A run still going (started within the last `withinMs`): a second manual sync waits for it. */
export const findRunningSync = (em: EntityManager, orgId: number, withinMs: number) =>
  em.findOne(AccountingSyncRunSchema, {
    orgId,
    status: 'running',
    startedAt: { $gt: new Date(Date.now() - withinMs) },
  });

export const listSyncRuns = (em: EntityManager, orgId: number, limit: number) =>
  em.find(AccountingSyncRunSchema, { orgId }, { orderBy: { startedAt: 'desc', id: 'desc' }, limit });

/**
 * The scheduled-sync lease: moves last_sync_at of each connected organization whose frequency has
 * elapsed to now and returns them. FOR UPDATE SKIP LOCKED plus the moved timestamp mean two replicas
 * ticking together never claim the same organization for the same period.
 */
export async function claimDueAccountingSyncs(em: EntityManager, now: Date): Promise<number[]> {
  const rows = await run<{ org_id: number }>(
    em,
    `UPDATE accounting_settings SET last_sync_at = ? WHERE org_id IN (
       SELECT org_id FROM accounting_settings
        WHERE connected AND auto_sync AND client_secret_enc IS NOT NULL
          AND (last_sync_at IS NULL OR last_sync_at + (CASE sync_frequency
                 WHEN 'hourly' THEN interval '1 hour' WHEN 'weekly' THEN interval '7 days'
                 WHEN 'monthly' THEN interval '1 month' ELSE interval '1 day' END) <= ?)
        FOR UPDATE SKIP LOCKED)
     RETURNING org_id`,
    [now, now],
  );
  return rows.map((r) => r.org_id);
}

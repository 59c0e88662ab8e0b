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

/**
 * Claims the organization's one running sync: inserts the run unless one is already running. The partial
 * unique index `accounting_sync_runs_one_running` decides, atomically, between requests, the schedule and
 * replicas. A run left running for more than `staleAfterMs` (the process died) is closed first. Null: a
 * sync is running.
 */
export async function claimSyncRun(
  em: EntityManager,
  orgId: number,
  trigger: AccountingSyncRun['trigger'],
  staleAfterMs: number,
): Promise<AccountingSyncRun | null> {
  await run(
    em,
    `UPDATE accounting_sync_runs SET status = 'failed', error = 'The sync was interrupted', finished_at = now()
      WHERE org_id = ? AND status = 'running' AND started_at < ?`,
    [orgId, new Date(Date.now() - staleAfterMs)],
  );
  const [claimed] = await run<{ id: number }>(
    em,
    `INSERT INTO accounting_sync_runs (org_id, trigger, status, created, updated, failed, started_at)
     VALUES (?, ?, 'running', 0, 0, 0, now())
     ON CONFLICT (org_id) WHERE status = 'running' DO NOTHING
     RETURNING id`,
    [orgId, trigger],
  );
  return claimed ? em.findOneOrFail(AccountingSyncRunSchema, claimed.id) : null;
}

/** Sync exports are kept for the runs the log shows; older runs keep their counts but drop the export. */
export const dropOldSyncExports = (em: EntityManager, orgId: number, keep: number) =>
  run(
    em,
    `UPDATE accounting_sync_runs SET export_payload = NULL, export_format = NULL
      WHERE org_id = ? AND export_payload IS NOT NULL AND id NOT IN (
        SELECT id FROM accounting_sync_runs WHERE org_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
    [orgId, orgId, keep],
  );

/** One run of the organization with its export loaded (null: another organization's or unknown). */
export const findSyncRunWithExport = (em: EntityManager, orgId: number, id: number) =>
  em.findOne(AccountingSyncRunSchema, { id, orgId }, { populate: ['exportPayload'] });

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

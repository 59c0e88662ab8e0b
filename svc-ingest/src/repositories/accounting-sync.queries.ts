import type { EntityManager } from '@mikro-orm/core';
import type { AccountingSyncRun } from '../entities/accounting-sync.js';

/*
 * The accounting sync's statements the ORM cannot say: DISTINCT ON over the records (one company per name), the
 * running-sync claim on the partial unique index (ON CONFLICT ... WHERE status = 'running'), the export trim
 * with a LIMIT subquery and the schedule's lease (FOR UPDATE SKIP LOCKED). Not for speed: there is no bench
 * figure to hold; each runs once per sync or schedule tick. Everything else is accounting-sync.repository.ts.
 */

export interface TCompanyWithDeal {
  key: string;
  name: string;
  website: string | null;
  contactName: string | null;
  contactEmail: string | null;
}

/** The organization's companies that have a CRM deal (one per name, the latest record's details). */
export async function findCompaniesWithDeals(em: EntityManager, orgId: number): Promise<TCompanyWithDeal[]> {
  const rows = (await em.getConnection().execute(
    `SELECT DISTINCT ON (lower(btrim(company_name))) lower(btrim(company_name)) AS key, btrim(company_name) AS name,
            extracted_data->>'website' AS website,
            extracted_data->'contactInfo'->>'name' AS contact_name,
            extracted_data->'contactInfo'->>'email' AS contact_email
       FROM emails
      WHERE org_id = ? AND deal_id IS NOT NULL AND btrim(coalesce(company_name, '')) <> ''
      ORDER BY lower(btrim(company_name)), processed_at DESC NULLS LAST, id DESC`,
    [orgId],
    'all',
    em.getTransactionContext(),
  )) as {
    key: string;
    name: string;
    website: string | null;
    contact_name: string | null;
    contact_email: string | null;
  }[];
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    website: r.website,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
  }));
}

/**
 * Claims the organization's one running sync: inserts the run unless one is already running. The partial
 * unique index `accounting_sync_runs_one_running` decides, atomically, between requests, the schedule and
 * replicas. A run left running since before `staleBefore` (the process died) is closed first. Null: a sync
 * is running; otherwise the new run's id.
 */
export async function insertRunningSyncRun(
  em: EntityManager,
  orgId: number,
  trigger: AccountingSyncRun['trigger'],
  staleBefore: Date,
): Promise<number | null> {
  const connection = em.getConnection();
  await connection.execute(
    `UPDATE accounting_sync_runs SET status = 'failed', error = 'The sync was interrupted', finished_at = now()
      WHERE org_id = ? AND status = 'running' AND started_at < ?`,
    [orgId, staleBefore],
    'all',
    em.getTransactionContext(),
  );
  const [claimed] = (await connection.execute(
    `INSERT INTO accounting_sync_runs (org_id, trigger, status, created, updated, failed, started_at)
     VALUES (?, ?, 'running', 0, 0, 0, now())
     ON CONFLICT (org_id) WHERE status = 'running' DO NOTHING
     RETURNING id`,
    [orgId, trigger],
    'all',
    em.getTransactionContext(),
  )) as { id: number }[];
  return claimed?.id ?? null;
}

/** Sync exports are kept for the runs the log shows; older runs keep their counts but drop the export. */
export const dropOldSyncExports = (em: EntityManager, orgId: number, keep: number) =>
  em.getConnection().execute(
    `UPDATE accounting_sync_runs SET export_payload = NULL, export_format = NULL
      WHERE org_id = ? AND export_payload IS NOT NULL AND id NOT IN (
        SELECT id FROM accounting_sync_runs WHERE org_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
    [orgId, orgId, keep],
    'all',
    em.getTransactionContext(),
  );

/**
 * The scheduled-sync lease: moves last_sync_at of each connected organization whose frequency has
 * elapsed to now and returns them. FOR UPDATE SKIP LOCKED plus the moved timestamp mean two replicas
 * ticking together never claim the same organization for the same period.
 */
export async function claimDueAccountingSyncs(em: EntityManager, now: Date): Promise<number[]> {
  const rows = (await em.getConnection().execute(
    `UPDATE accounting_settings SET last_sync_at = ? WHERE org_id IN (
       SELECT org_id FROM accounting_settings
        WHERE connected AND auto_sync AND client_secret_enc IS NOT NULL
          AND (last_sync_at IS NULL OR last_sync_at + (CASE sync_frequency
                 WHEN 'hourly' THEN interval '1 hour' WHEN 'weekly' THEN interval '7 days'
                 WHEN 'monthly' THEN interval '1 month' ELSE interval '1 day' END) <= ?)
        FOR UPDATE SKIP LOCKED)
     RETURNING org_id`,
    [now, now],
    'all',
    em.getTransactionContext(),
  )) as { org_id: number }[];
  return rows.map((r) => r.org_id);
}

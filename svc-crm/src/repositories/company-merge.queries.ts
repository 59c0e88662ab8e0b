/**
 * Merging the companies that one registrable domain split in two (`app.acme.io` and `acme.io` of the same
 * organization, stored before company identity followed the Public Suffix List). Run by the migration
 * Migration20261128052500 through its own connection (`run`), inside the migration's transaction.
 */
export type TRunSql = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TCompanyRow {
  id: number;
  orgId: number;
  domain: string;
  provider: string;
  externalId: string | null;
}

/** Every company, oldest first within an organization (the one a merge keeps comes first). */
export async function selectCompaniesOldestFirst(run: TRunSql): Promise<TCompanyRow[]> {
  const rows = await run(
    'select id, org_id, domain, provider, external_id from crm_company order by org_id, created_at, id',
  );
  return rows.map((row) => ({
    id: Number(row.id),
    orgId: Number(row.org_id),
    domain: String(row.domain),
    provider: String(row.provider),
    externalId: row.external_id === null || row.external_id === undefined ? null : String(row.external_id),
  }));
}

/** The deals of the merged companies move to the kept one (deals are the only rows referring to a company). */
export async function repointDeals(run: TRunSql, keepId: number, mergedIds: number[]): Promise<void> {
  for (const id of mergedIds)
    await run('update crm_deal set company_id = ? where company_id = ?', [keepId, id]);
}

export async function deleteCompanies(run: TRunSql, ids: number[]): Promise<void> {
  for (const id of ids) await run('delete from crm_company where id = ?', [id]);
}

/** The kept company takes the registrable domain, and the provider's id when it had none of its own. */
export const updateKeptCompany = (
  run: TRunSql,
  keep: { id: number; domain: string; provider: string; externalId: string | null },
) =>
  run('update crm_company set domain = ?, provider = ?, external_id = ? where id = ?', [
    keep.domain,
    keep.provider,
    keep.externalId,
    keep.id,
  ]);

import { Migration } from '@mikro-orm/migrations';
import { registrableDomain } from '../domain/company-domain.js';
import {
  deleteCompanies,
  repointDeals,
  selectCompaniesOldestFirst,
  updateKeptCompany,
  type TCompanyRow,
  type TRunSql,
} from '../repositories/company-merge.queries.js';

/**
 * Data only (the entities did not change, so the migrator's snapshot is unchanged): company identity became the
 * registrable domain (Public Suffix List), so per organization the companies whose domains share one are merged
 * into the oldest: its deals stay, the others' deals move to it, it takes the registrable domain (and the
 * provider's id of the oldest merged company that had one, when it had none), the others are deleted.
 */
export class Migration20261128052500 extends Migration {
  override async up(): Promise<void> {
    const run: TRunSql = (sql, params) => this.execute(sql, params);
    const groups = new Map<string, TCompanyRow[]>();
    for (const company of await selectCompaniesOldestFirst(run)) {
      const domain = registrableDomain(company.domain) ?? company.domain;
      const key = `${company.orgId} ${domain}`;
      groups.set(key, [...(groups.get(key) ?? []), company]);
    }
    for (const [key, [keep, ...merged]] of groups) {
      const domain = key.slice(key.indexOf(' ') + 1);
      if (!keep || (merged.length === 0 && keep.domain === domain)) continue;
      const mergedIds = merged.map((c) => c.id);
      const withId = keep.externalId ? keep : (merged.find((c) => c.externalId) ?? keep);
      if (mergedIds.length > 0) {
        await repointDeals(run, keep.id, mergedIds);
        await deleteCompanies(run, mergedIds);
      }
      await updateKeptCompany(run, {
        id: keep.id,
        domain,
        provider: withId.provider,
        externalId: withId.externalId,
      });
    }
  }

  override async down(): Promise<void> {
    // Merged companies cannot be split again: their deals now belong to one company.
  }
}

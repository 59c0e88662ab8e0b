import { Migration } from '@mikro-orm/migrations';

export class Migration20261124221905 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "accounting_sync_runs" add column "export_format" text null, add column "export_sealed" boolean not null default false, add column "export_payload" text null;`,
    );
    // Runs left 'running' by a crash (the old check allowed several): all but each organization's newest end.
    this.addSql(
      `update "accounting_sync_runs" set "status" = 'failed', "error" = 'The sync was interrupted', "finished_at" = coalesce("finished_at", now()) where "status" = 'running' and "id" not in (select max("id") from "accounting_sync_runs" where "status" = 'running' group by "org_id");`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX accounting_sync_runs_one_running ON accounting_sync_runs (org_id) WHERE status = 'running';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "accounting_sync_runs_one_running";`);
    this.addSql(
      `alter table "accounting_sync_runs" drop column "export_format", drop column "export_sealed", drop column "export_payload";`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124221506 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "crm_deal" add column "corrected_at" timestamptz null, add column "provider_sync_pending" boolean not null default false;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "crm_deal" drop column "corrected_at", drop column "provider_sync_pending";`);
  }
}

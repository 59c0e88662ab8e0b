import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185219 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "organizations" add column "crm_integrations" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "crm_integrations";`);
  }
}

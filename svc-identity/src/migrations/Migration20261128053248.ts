import { Migration } from '@mikro-orm/migrations';

export class Migration20261128053248 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_keys" add column "seen_ips" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_keys" drop column "seen_ips";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125011431 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "organizations" add column "membership_version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "membership_version";`);
  }
}

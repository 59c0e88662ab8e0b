import { Migration } from '@mikro-orm/migrations';

export class Migration20261125011634 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "organizations" add column "member_count_version" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "member_count_version";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124221625 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "local_customers" alter column "org_id" type int using ("org_id"::int);`);
    this.addSql(`alter table "local_customers" alter column "org_id" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "local_customers" alter column "org_id" type int4 using ("org_id"::int4);`);
    this.addSql(`alter table "local_customers" alter column "org_id" set not null;`);
  }
}

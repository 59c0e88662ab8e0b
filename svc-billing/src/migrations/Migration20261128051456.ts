import { Migration } from '@mikro-orm/migrations';

export class Migration20261128051456 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "licences" ("purchase_id" text not null, "user_id" int not null, "buyer_email" text null, "product" text not null, "issued_at" timestamptz not null, "updates_until" timestamptz not null, "licence_key" text not null, constraint "licences_pkey" primary key ("purchase_id"));`,
    );
    this.addSql(`create index "licences_user_id_idx" on "licences" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "licences" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125012950 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "forgotten_users" ("user_id" int not null, "forgotten_at" timestamptz not null default now(), constraint "forgotten_users_pkey" primary key ("user_id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "forgotten_users" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185355 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_keys" ("id" serial primary key, "public_id" varchar(12) not null, "organization_id" int not null, "name" varchar(60) not null, "scope" varchar(8) not null, "secret_hash" char(64) not null, "created_by_id" int null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "revoked_at" timestamptz null);`,
    );
    this.addSql(`alter table "api_keys" add constraint "api_keys_public_id_unique" unique ("public_id");`);
    this.addSql(`create index "api_keys_organization_id_index" on "api_keys" ("organization_id");`);

    this.addSql(
      `alter table "api_keys" add constraint "api_keys_organization_id_fkey" foreign key ("organization_id") references "organizations" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_created_by_id_fkey" foreign key ("created_by_id") references "users" ("id") on update no action on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }
}

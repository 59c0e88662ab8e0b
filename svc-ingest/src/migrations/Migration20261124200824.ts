import { Migration } from '@mikro-orm/migrations';

export class Migration20261124200824 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "accounting_sync_runs" ("id" serial primary key, "org_id" int not null, "trigger" text not null, "status" text not null, "created" int not null default 0, "updated" int not null default 0, "failed" int not null default 0, "error" text null, "started_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(
      `create index "accounting_sync_runs_org_id_started_at_index" on "accounting_sync_runs" ("org_id", "started_at");`,
    );

    this.addSql(
      `create table "accounting_contacts" ("org_id" int not null, "company_key" text not null, "contact_id" text not null, "synced_at" timestamptz not null, constraint "accounting_contacts_pkey" primary key ("org_id", "company_key"));`,
    );

    this.addSql(
      `alter table "accounting_sync_runs" add constraint "accounting_sync_runs_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "accounting_contacts" add constraint "accounting_contacts_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(`alter table "accounting_settings" add column "tenant_name" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "accounting_sync_runs" cascade;`);

    this.addSql(`drop table if exists "accounting_contacts" cascade;`);

    this.addSql(`alter table "accounting_settings" drop column "tenant_name";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124192400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_events" ("id" serial primary key, "organization_id" int not null, "kind" varchar(32) not null, "ref" varchar(64) not null, "company_name" varchar(255) null, "detail" varchar(500) null, "occurred_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "notification_events_org_occurred_index" on "notification_events" ("organization_id", "occurred_at");`,
    );
    this.addSql(
      `alter table "notification_events" add constraint "notification_events_org_kind_ref_unique" unique ("organization_id", "kind", "ref");`,
    );

    this.addSql(
      `alter table "notification_events" add constraint "notification_events_organization_id_fkey" foreign key ("organization_id") references "organizations" ("id") on update no action on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_events" cascade;`);
  }
}

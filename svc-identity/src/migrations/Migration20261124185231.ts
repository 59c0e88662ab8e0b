import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185231 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "activity_logs" drop constraint "activity_logs_organization_id_fkey";`);

    this.addSql(`drop index "activity_logs_organization_id_index";`);

    this.addSql(
      `alter table "activity_logs" add column "actor_name" varchar(100) null, add column "actor_email" varchar(255) null, add column "target_type" varchar(32) null, add column "target_id" varchar(64) null, add column "target_label" varchar(300) null, add column "ip" varchar(64) null, add column "user_agent" varchar(500) null;`,
    );
    this.addSql(
      `create index "activity_logs_org_user_index" on "activity_logs" ("organization_id", "user_id", "created_at");`,
    );
    this.addSql(
      `create index "activity_logs_org_type_index" on "activity_logs" ("organization_id", "activity_type", "created_at");`,
    );
    this.addSql(
      `create index "activity_logs_organization_id_index" on "activity_logs" ("organization_id", "created_at", "id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "activity_logs_org_user_index";`);
    this.addSql(`drop index "activity_logs_org_type_index";`);
    this.addSql(`drop index "activity_logs_organization_id_index";`);
    this.addSql(
      `alter table "activity_logs" drop column "actor_name", drop column "actor_email", drop column "target_type", drop column "target_id", drop column "target_label", drop column "ip", drop column "user_agent";`,
    );

    this.addSql(
      `alter table "activity_logs" add constraint "activity_logs_organization_id_fkey" foreign key ("organization_id") references "organizations" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `create index "activity_logs_organization_id_index" on "activity_logs" ("organization_id", "created_at");`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128052152 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "support_requests" ("id" serial primary key, "organization_id" int not null, "user_id" int null, "requester_name" varchar(100) not null, "requester_email" varchar(255) not null, "tier" varchar(8) not null, "priority" boolean not null, "subject" varchar(150) not null, "message" text not null, "status" varchar(12) not null default 'open', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "support_requests_organization_id_index" on "support_requests" ("organization_id", "created_at");`,
    );
    this.addSql(
      `create index "support_requests_user_id_index" on "support_requests" ("user_id", "created_at");`,
    );

    this.addSql(
      `alter table "support_requests" add constraint "support_requests_organization_id_fkey" foreign key ("organization_id") references "organizations" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "support_requests" add constraint "support_requests_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "support_requests" cascade;`);
  }
}

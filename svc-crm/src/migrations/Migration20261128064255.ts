import { Migration } from '@mikro-orm/migrations';

export class Migration20261128064255 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_webhook_delivery" ("id" serial primary key, "org_id" int not null, "endpoint_id" int not null, "message_id" varchar(64) not null, "event_type" varchar(64) not null, "payload" text not null, "status" varchar(16) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz null, "last_status_code" int null, "last_error" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "crm_webhook_delivery" add constraint "crm_webhook_delivery_message_id_unique" unique ("message_id");`,
    );
    this.addSql(
      `create index "crm_webhook_delivery_endpoint_id_id_index" on "crm_webhook_delivery" ("endpoint_id", "id");`,
    );
    this.addSql(
      `create index "crm_webhook_delivery_status_next_attempt_at_index" on "crm_webhook_delivery" ("status", "next_attempt_at");`,
    );

    this.addSql(
      `create table "crm_webhook_endpoint" ("id" serial primary key, "org_id" int not null, "url" text not null, "description" varchar(200) null, "events" text[] not null, "enabled" boolean not null default true, "secret_sealed" text not null, "created_by" int not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "crm_webhook_endpoint_org_id_index" on "crm_webhook_endpoint" ("org_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "crm_webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "crm_webhook_endpoint" cascade;`);
  }
}

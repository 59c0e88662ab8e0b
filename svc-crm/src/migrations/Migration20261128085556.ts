import { Migration } from '@mikro-orm/migrations';

export class Migration20261128085556 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_founder_reply" ("id" serial primary key, "org_id" int not null, "deal_id" int not null, "to_email" varchar(320) not null, "template" varchar(16) null, "subject" varchar(200) not null, "body" text not null, "in_reply_to" text null, "sent_by" int null, "reply_to" varchar(320) null, "acknowledged_on" date null, "status" varchar(16) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`,
    );
    this.addSql(
      `create index "crm_founder_reply_status_next_attempt_at_index" on "crm_founder_reply" ("status", "next_attempt_at");`,
    );
    this.addSql(
      `create index "crm_founder_reply_org_id_deal_id_index" on "crm_founder_reply" ("org_id", "deal_id");`,
    );
    this.addSql(
      `alter table "crm_founder_reply" add constraint "crm_founder_reply_one_ack_per_day_unique" unique ("org_id", "to_email", "acknowledged_on");`,
    );

    this.addSql(
      `create table "crm_reply_settings" ("org_id" int not null, "templates" jsonb not null, "auto_acknowledge" boolean not null default false, "updated_at" timestamptz not null default now(), constraint "crm_reply_settings_pkey" primary key ("org_id"));`,
    );

    this.addSql(`alter table "crm_deck" add column "message_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "crm_founder_reply" cascade;`);

    this.addSql(`drop table if exists "crm_reply_settings" cascade;`);

    this.addSql(`alter table "crm_deck" drop column "message_id";`);
  }
}

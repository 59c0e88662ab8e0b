import { Migration } from '@mikro-orm/migrations';

export class Migration20261128055312 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_deal_event" ("id" serial primary key, "org_id" int not null, "deal_id" int not null, "kind" varchar(16) not null, "actor_id" int null, "text" text null, "from_stage" varchar(64) null, "to_stage" varchar(64) null, "score" smallint null, "mentions" jsonb not null default '[]', "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "crm_deal_event_org_id_deal_id_id_index" on "crm_deal_event" ("org_id", "deal_id", "id");`,
    );

    this.addSql(
      `create table "crm_deal_rating" ("deal_id" int not null, "user_id" int not null, "org_id" int not null, "score" smallint not null, "note" varchar(280) null, "updated_at" timestamptz not null default now(), constraint "crm_deal_rating_pkey" primary key ("deal_id", "user_id"));`,
    );

    this.addSql(
      `create table "crm_member" ("org_id" int not null, "user_id" int not null, "name" varchar(200) not null, constraint "crm_member_pkey" primary key ("org_id", "user_id"));`,
    );

    this.addSql(
      `create table "crm_pipeline" ("org_id" int not null, "stages" jsonb not null, "pass_reasons" jsonb not null, "updated_at" timestamptz not null default now(), constraint "crm_pipeline_pkey" primary key ("org_id"));`,
    );

    this.addSql(
      `alter table "crm_deal" add column "owner_id" int null, add column "next_step" varchar(200) null, add column "next_step_date" varchar(10) null, add column "pass_reason" varchar(100) null, add column "amount" varchar(64) null, add column "round" varchar(64) null, add column "updated_at" timestamptz not null default now();`,
    );
    this.addSql(`create index "crm_deal_org_id_stage_index" on "crm_deal" ("org_id", "stage");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "crm_deal_event" cascade;`);

    this.addSql(`drop table if exists "crm_deal_rating" cascade;`);

    this.addSql(`drop table if exists "crm_member" cascade;`);

    this.addSql(`drop table if exists "crm_pipeline" cascade;`);

    this.addSql(`drop index "crm_deal_org_id_stage_index";`);
    this.addSql(
      `alter table "crm_deal" drop column "owner_id", drop column "next_step", drop column "next_step_date", drop column "pass_reason", drop column "amount", drop column "round", drop column "updated_at";`,
    );
  }
}

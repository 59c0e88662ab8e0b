import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_company" ("id" serial primary key, "org_id" int not null, "domain" varchar(253) not null, "name" varchar(255) not null, "provider" varchar(16) not null, "external_id" varchar(64) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "crm_company" add constraint "crm_company_org_id_domain_unique" unique ("org_id", "domain");`,
    );

    this.addSql(
      `create table "crm_deal" ("id" serial primary key, "org_id" int not null, "company_id" int not null, "email_id" int not null, "provider" varchar(16) not null, "external_id" varchar(64) null, "stage" varchar(64) not null, "url" text not null, "notes" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "crm_deal_company_id_index" on "crm_deal" ("company_id");`);
    this.addSql(
      `alter table "crm_deal" add constraint "crm_deal_org_id_email_id_unique" unique ("org_id", "email_id");`,
    );

    this.addSql(
      `create table "crm_deck" ("email_id" int not null, "org_id" int not null, "from_email" varchar(320) not null, "from_name" varchar(255) null, "subject" text null, "extracted_data" jsonb not null, "deck_links" jsonb not null default '[]', "outcome" varchar(32) not null, "updated_at" timestamptz not null default now(), constraint "crm_deck_pkey" primary key ("email_id"));`,
    );
    this.addSql(`create index "crm_deck_org_id_index" on "crm_deck" ("org_id");`);

    this.addSql(
      `create table "crm_deck_analysis" ("email_id" int not null, "org_id" int not null, "strengths" jsonb not null, "risks" jsonb not null, "open_questions" jsonb not null, "market_notes" jsonb not null, "model" varchar(255) not null, "created_at" timestamptz not null default now(), constraint "crm_deck_analysis_pkey" primary key ("email_id"));`,
    );

    this.addSql(
      `create table "crm_organization_plan" ("org_id" int not null, "plan" varchar(16) not null, "status" varchar(32) not null, "updated_at" timestamptz not null default now(), constraint "crm_organization_plan_pkey" primary key ("org_id"));`,
    );

    this.addSql(
      `alter table "crm_deal" add constraint "crm_deal_company_id_fkey" foreign key ("company_id") references "crm_company" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "crm_deck_analysis" add constraint "crm_deck_analysis_email_id_fkey" foreign key ("email_id") references "crm_deck" ("email_id") on update no action on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "crm_deal" drop constraint "crm_deal_company_id_fkey";`);

    this.addSql(`alter table "crm_deck_analysis" drop constraint "crm_deck_analysis_email_id_fkey";`);

    this.addSql(`drop table if exists "crm_company" cascade;`);

    this.addSql(`drop table if exists "crm_deal" cascade;`);

    this.addSql(`drop table if exists "crm_deck" cascade;`);

    this.addSql(`drop table if exists "crm_deck_analysis" cascade;`);

    this.addSql(`drop table if exists "crm_organization_plan" cascade;`);
  }
}

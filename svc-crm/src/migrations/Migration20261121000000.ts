import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "crm_company" (
      "id" serial primary key,
      "org_id" int not null,
      "domain" varchar(253) not null,
      "name" varchar(255) not null,
      "provider" varchar(16) not null,
      "external_id" varchar(64) null,
      "created_at" timestamptz not null default now(),
      constraint "crm_company_org_id_domain_unique" unique ("org_id", "domain")
    );`);
    this.addSql(`create table "crm_deal" (
      "id" serial primary key,
      "org_id" int not null,
      "company_id" int not null references "crm_company" ("id") on delete cascade,
      "email_id" int not null,
      "provider" varchar(16) not null,
      "external_id" varchar(64) null,
      "stage" varchar(64) not null,
      "url" text not null,
      "notes" text null,
      "created_at" timestamptz not null default now(),
      constraint "crm_deal_org_id_email_id_unique" unique ("org_id", "email_id")
    );`);
    this.addSql(`create index "crm_deal_company_id_index" on "crm_deal" ("company_id");`);
    this.addSql(`create table "crm_deck" (
      "email_id" int primary key,
      "org_id" int not null,
      "from_email" varchar(320) not null,
      "from_name" varchar(255) null,
      "subject" text null,
      "extracted_data" jsonb not null,
      "deck_links" jsonb not null default '[]',
      "outcome" varchar(32) not null,
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "crm_deck_org_id_index" on "crm_deck" ("org_id");`);
    this.addSql(`create table "crm_deck_analysis" (
      "email_id" int primary key references "crm_deck" ("email_id") on delete cascade,
      "org_id" int not null,
      "strengths" jsonb not null,
      "risks" jsonb not null,
      "open_questions" jsonb not null,
      "market_notes" jsonb not null,
      "model" varchar(255) not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "crm_organization_plan" (
      "org_id" int primary key,
      "plan" varchar(16) not null,
      "status" varchar(32) not null,
      "updated_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists "crm_deck_analysis", "crm_deck", "crm_deal", "crm_company", "crm_organization_plan" cascade;',
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128055921 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "blocked_senders" ("id" serial primary key, "org_id" int not null, "kind" text not null, "value" text not null, "created_by" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "blocked_senders" add constraint "blocked_senders_org_kind_value" unique ("org_id", "kind", "value");`,
    );

    this.addSql(
      `alter table "blocked_senders" add constraint "blocked_senders_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "emails" add column "deck_text" text null, add column "search_language" regconfig not null default 'simple', add column "search" tsvector generated always as (((setweight(to_tsvector(search_language, COALESCE(company_name, ''::text)), 'A'::"char") || setweight(to_tsvector(search_language, COALESCE(subject, ''::text)), 'B'::"char")) || setweight(to_tsvector(search_language, ((COALESCE(from_name, ''::text) || ' '::text) || from_email)), 'B'::"char")) || setweight(to_tsvector(search_language, COALESCE(deck_text, ''::text)), 'C'::"char")) stored null, add column "archived_at" timestamptz null, add column "not_a_deck" boolean not null default false;`,
    );
    this.addSql(`CREATE INDEX emails_search ON emails USING gin (search);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "blocked_senders" cascade;`);

    this.addSql(`drop index "emails_search";`);
    this.addSql(
      `alter table "emails" drop column "deck_text", drop column "search_language", drop column "search", drop column "archived_at", drop column "not_a_deck";`,
    );
  }
}

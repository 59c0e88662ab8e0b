import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "organizations" ("id" int not null, "name" text not null, "slug" text not null, "inbound_token" text not null, "webhook_secret" text not null, "owner_id" int null, "plan" text not null default 'free', "subscription_status" text null, "monthly_deck_limit" int null, "created_at" timestamptz not null default now(), constraint "organizations_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_inbound_token_key" unique ("inbound_token");`,
    );

    this.addSql(
      `create table "members" ("org_id" int not null, "user_id" int not null, "email" text not null, "name" text not null, "role" text not null, constraint "members_pkey" primary key ("org_id", "user_id"));`,
    );
    this.addSql(`CREATE INDEX members_email ON members (lower(email));`);

    this.addSql(
      `create table "mailboxes" ("org_id" int not null, "host" text null, "port" int null, "secure" boolean not null default true, "username" text null, "password_enc" text null, "folder" text not null default 'INBOX', "auto_scan_minutes" int not null default 15, "last_uid" bigint not null default 0, "uid_validity" bigint null, "last_scan_at" timestamptz null, "last_error" text null, "connected_at" timestamptz null, constraint "mailboxes_pkey" primary key ("org_id"));`,
    );

    this.addSql(
      `create table "emails" ("id" serial primary key, "org_id" int not null, "message_id" text null, "from_name" text null, "from_email" text not null, "forwarded_by" text null, "subject" text null, "text_body" text not null default '', "html_body" text null, "received_at" timestamptz not null, "source" text not null, "status" text not null default 'pending', "status_reason" text null, "deck_links" jsonb not null default '[]', "extracted_data" jsonb null, "company_name" text null, "deal_id" text null, "deal_url" text null, "deal_provider" text null, "user_id" int null, "attempts" int not null default 0, "counted_at" timestamptz null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX emails_org_message_id ON emails (org_id, message_id) WHERE message_id IS NOT NULL;`,
    );
    this.addSql(`CREATE INDEX emails_org_received ON emails (org_id, received_at DESC, id DESC);`);
    this.addSql(`create index "emails_org_status" on "emails" ("org_id", "status");`);
    this.addSql(
      `CREATE INDEX emails_org_counted ON emails (org_id, counted_at) WHERE counted_at IS NOT NULL;`,
    );

    this.addSql(
      `create table "attachments" ("id" serial primary key, "email_id" int not null, "filename" text not null, "content_type" text not null, "size" int not null, "content_id" text null, "inline" boolean not null default false, "content" bytea not null);`,
    );
    this.addSql(`create index "attachments_email" on "attachments" ("email_id");`);

    this.addSql(
      `create table "accounting_settings" ("org_id" int not null, "connected" boolean not null default false, "client_id" text null, "client_secret_enc" text null, "environment" text not null default 'sandbox', "advanced_features" boolean not null default false, "data_format" text not null default 'json', "sync_frequency" text not null default 'daily', "encryption" boolean not null default true, "auto_sync" boolean not null default true, "last_sync_at" timestamptz null, constraint "accounting_settings_pkey" primary key ("org_id"));`,
    );

    this.addSql(
      `alter table "members" add constraint "members_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "mailboxes" add constraint "mailboxes_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "emails" add constraint "emails_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "attachments" add constraint "attachments_email_id_fkey" foreign key ("email_id") references "emails" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "accounting_settings" add constraint "accounting_settings_org_id_fkey" foreign key ("org_id") references "organizations" ("id") on update no action on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "members" drop constraint "members_org_id_fkey";`);

    this.addSql(`alter table "mailboxes" drop constraint "mailboxes_org_id_fkey";`);

    this.addSql(`alter table "emails" drop constraint "emails_org_id_fkey";`);

    this.addSql(`alter table "accounting_settings" drop constraint "accounting_settings_org_id_fkey";`);

    this.addSql(`alter table "attachments" drop constraint "attachments_email_id_fkey";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "members" cascade;`);

    this.addSql(`drop table if exists "mailboxes" cascade;`);

    this.addSql(`drop table if exists "emails" cascade;`);

    this.addSql(`drop table if exists "attachments" cascade;`);

    this.addSql(`drop table if exists "accounting_settings" cascade;`);
  }
}
